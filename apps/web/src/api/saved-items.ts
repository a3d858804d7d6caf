import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedItemInput } from '@pricehub/shared/schemas/saved';
import { post } from './client';
import { queryKeys } from './query-keys';

/**
 * POST /api/wishlist and POST /api/compare: save a catalogue product or an external offer. The buttons sit on pages
 * of several features (the product page, an external offer), so the requests live here.
 */
export function useAddToWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedItemInput) => post<{ message?: string }>('/wishlist', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.wishlist.all }),
  });
}

export function useAddToCompare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedItemInput) => post<{ message: string }>('/compare', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.compare }),
  });
}
