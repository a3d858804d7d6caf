import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompareItem } from '@pricehub/shared/schemas/saved';
import { del, get } from '../../../api/client';

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
