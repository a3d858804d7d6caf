import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompareItem } from '@pricehub/shared/schemas/saved';
import { del, get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export function useCompareList() {
  return useQuery({
    queryKey: queryKeys.compare,
    queryFn: () => get<{ items: CompareItem[] }>('/compare').then((r) => r.items),
  });
}

export function useRemoveFromCompare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/compare/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.compare }),
  });
}
