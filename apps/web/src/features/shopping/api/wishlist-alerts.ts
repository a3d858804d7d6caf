import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WishlistAlertSettings } from '@pricehub/shared/schemas/wishlist-alerts';
import { get, put } from '../../../api/client';

const key = ['wishlist', 'alerts'] as const;

/** GET /api/wishlist/alerts: whether the customer gets mail about their saved products. */
export const useWishlistAlerts = () =>
  useQuery({ queryKey: key, queryFn: () => get<WishlistAlertSettings>('/wishlist/alerts') });

export function useSetWishlistAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WishlistAlertSettings) =>
      put<WishlistAlertSettings & { message: string }>('/wishlist/alerts', input),
    onSuccess: ({ enabled }) => client.setQueryData(key, { enabled }),
  });
}
