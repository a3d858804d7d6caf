import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerNotificationPage,
  MarkNotificationsReadInput,
} from '@pricehub/shared/schemas/customer-notification';
import { get, post } from '../../../api/client';
import { NOTIFICATIONS_POLL_MS } from '../../../api/notification-count';
import { queryKeys } from '../../../api/query-keys';

/** One page of the signed-in customer's notifications, newest first; asked for again while the page is in view. */
export const useCustomerNotifications = (page: number) =>
  useQuery({
    queryKey: queryKeys.notifications.page(page),
    queryFn: () => get<CustomerNotificationPage>(`/notifications?page=${page}`),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    placeholderData: keepPreviousData,
  });

/** Marks the given notifications read, or all of them without ids; the list and every badge follow. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkNotificationsReadInput) =>
      post<{ message: string; unread: number }>('/notifications/read', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
