import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompareItem, SavedItemInput } from '@pricehub/shared/schemas/saved';
import { del, get, post } from '../../../api/client';

export const compareQueryKey = ['compare'] as const;

export function useCompareList() {
  return useQuery({
    queryKey: compareQueryKey,
    queryFn: () => get<{ items: CompareItem[] }>('/compare').then((r) => r.items),
  });
}

export function useRemoveFromCompare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/compare/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: compareQueryKey }),
  });
}

/** Adds to the compare list; a full list answers 409 COMPARE_FULL with its 4 entries in `details.items`. */
export function useAddToCompare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedItemInput) => post<{ message: string }>('/compare', input),
    onSuccess: () => client.invalidateQueries({ queryKey: compareQueryKey }),
  });
}
