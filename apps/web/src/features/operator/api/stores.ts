import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorStoresPage, OperatorStoresQuery, StoreActionResult } from '@pricehub/shared/schemas/operator';
import { get, post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type StoresFilter = Partial<Pick<OperatorStoresQuery, 'q' | 'status' | 'sort' | 'page'>>;

function search(filter: StoresFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.sort && filter.sort !== 'name') params.set('sort', filter.sort);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const storesQuery = (filter: StoresFilter) =>
  queryOptions({
    queryKey: queryKeys.operator.stores.list(filter),
    queryFn: () => get<OperatorStoresPage>(`/operator/stores${search(filter)}`),
    // The page being read stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useStores = (filter: StoresFilter) => useQuery(storesQuery(filter));

export type StoreAction = { kind: 'suspend'; reason: string } | { kind: 'reopen'; reason?: string };

/** Suspends or reopens a store; the list and the audit log are read again afterwards. */
export function useStoreAction(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: StoreAction) =>
      post<StoreActionResult>(`/operator/stores/${encodeURIComponent(slug)}/${action.kind}`, {
        ...(action.reason ? { reason: action.reason } : {}),
      }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.operator.stores.all }),
        client.invalidateQueries({ queryKey: queryKeys.operator.audit.all }),
      ]);
    },
  });
}
