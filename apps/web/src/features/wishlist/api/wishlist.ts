import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WishlistItem } from '@pricehub/shared/schemas/saved';
import { del, get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export function useWishlist() {
  return useQuery({
    queryKey: queryKeys.wishlist.all,
    queryFn: () => get<{ items: WishlistItem[] }>('/wishlist').then((r) => r.items),
  });
}

export function useRemoveFromWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/wishlist/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.wishlist.all }),
  });
}
