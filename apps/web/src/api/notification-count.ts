import { useQuery } from '@tanstack/react-query';
import type { CustomerNotificationPage } from '@pricehub/shared/schemas/customer-notification';
import { get } from './client';
import { useSession } from './session';
import { queryKeys } from './query-keys';

/** Everything cached about the customer's notifications; marking read refreshes it all. */

/**
 * How often the unread count is asked for again. React Query does not poll while the tab is hidden, and asks again
 * as soon as the shopper comes back to it, so a customer with the shop open in a background tab costs nothing.
 */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** The signed-in customer's unread notifications (0 for anyone else): the header's and /custPanel's badge. */
export function useUnreadNotificationCount(): number {
  const { customer } = useSession();
  const query = useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: () => get<CustomerNotificationPage>('/notifications?pageSize=1').then((r) => r.unread),
    enabled: !!customer,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
  return customer ? (query.data ?? 0) : 0;
}
