import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WishlistAlertSettings } from '@pricehub/shared/schemas/wishlist-alerts';
import { get, put } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/wishlist/alerts: whether the customer gets mail about their saved products. */
export const useWishlistAlerts = () =>
  useQuery({ queryKey: queryKeys.wishlist.alerts, queryFn: () => get<WishlistAlertSettings>('/wishlist/alerts') });

export function useSetWishlistAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WishlistAlertSettings) =>
      put<WishlistAlertSettings & { message: string }>('/wishlist/alerts', input),
    onSuccess: ({ enabled }) => client.setQueryData(queryKeys.wishlist.alerts, { enabled }),
  });
}
