import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../api/client';

/** Adds an external offer to the customer's wishlist (the saved feature lists them). */
export function useSaveOffer(list: 'wishlist') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (offerId: number) => post<{ message?: string }>(`/${list}`, { offerId }),
    onSuccess: () => client.invalidateQueries({ queryKey: [list] }),
  });
}
