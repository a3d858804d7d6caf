import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WishlistItem } from '@pricehub/shared/schemas/saved';
import { del, get } from '../../../api/client';

export const wishlistQueryKey = ['wishlist'] as const;

export function useWishlist() {
  return useQuery({
    queryKey: wishlistQueryKey,
    queryFn: () => get<{ items: WishlistItem[] }>('/wishlist').then((r) => r.items),
  });
}

export function useRemoveFromWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/wishlist/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: wishlistQueryKey }),
  });
}
