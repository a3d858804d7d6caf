import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartAddInput } from '@pricehub/shared/schemas/cart';
import { post } from './client';
import { queryKeys } from './query-keys';

/**
 * POST /api/cart/items: `{ listingId }` buys from that seller, `{ productId }` from our cheapest available listing of
 * the catalogue product. Shared by the product page and its price table, which live in different features.
 */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CartAddInput) => post<{ message?: string }>('/cart/items', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}
