import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogueEditInput,
  CataloguePage,
  CatalogueProductDetail,
  MatchingActionResult,
  MatchingItemKind,
  MatchingPage,
  MatchingReason,
} from '@pricehub/shared/schemas/operator-matching';
import { get, post, put } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export interface MatchingFilter {
  reason?: MatchingReason;
  q?: string;
  page?: number;
}

function search(params: Record<string, string | number | undefined>): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    out.set(key, String(value));
  }
  const text = out.toString();
  return text ? `?${text}` : '';
}

export const matchingQuery = (filter: MatchingFilter) =>
  queryOptions({
    queryKey: queryKeys.operator.matching.list(filter),
    queryFn: () => get<MatchingPage>(`/operator/matching${search({ ...filter })}`),
    placeholderData: keepPreviousData,
  });

export const useMatchingQueue = (filter: MatchingFilter) => useQuery(matchingQuery(filter));

export type MatchingAction =
  | { kind: 'confirm' | 'split'; item: { kind: MatchingItemKind; id: number } }
  | { kind: 'move'; item: { kind: MatchingItemKind; id: number }; productId: number }
  | { kind: 'merge'; keepId: number; goneId: number };

function send(action: MatchingAction): Promise<MatchingActionResult> {
  if (action.kind === 'merge') {
    return post('/operator/matching/merge', { keepId: action.keepId, goneId: action.goneId });
  }
  const path = `/operator/matching/${action.item.kind}/${action.item.id}/${action.kind}`;
  return post(path, action.kind === 'move' ? { productId: action.productId } : {});
}

/** Confirms, splits, moves or merges; the queue, the catalogue and the audit log are read again afterwards. */
export function useMatchingAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all(
        [queryKeys.operator.matching.all, queryKeys.operator.catalogue.all, queryKeys.operator.audit.all].map(
          (queryKey) => client.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

export const catalogueQuery = (filter: { q?: string; page?: number }) =>
  queryOptions({
    queryKey: queryKeys.operator.catalogue.list(filter),
    queryFn: () => get<CataloguePage>(`/operator/catalogue${search({ ...filter })}`),
    placeholderData: keepPreviousData,
  });

export const useCatalogue = (filter: { q?: string; page?: number }) => useQuery(catalogueQuery(filter));

export const catalogueProductQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.operator.catalogue.product(id),
    queryFn: () => get<CatalogueProductDetail>(`/operator/catalogue/${id}`),
  });

export const useCatalogueProduct = (id: number) => useQuery(catalogueProductQuery(id));

export function useEditCatalogueProduct(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CatalogueEditInput) => put<CatalogueProductDetail>(`/operator/catalogue/${id}`, input),
    onSuccess: async (saved) => {
      client.setQueryData(catalogueProductQuery(id).queryKey, saved);
      await Promise.all(
        [queryKeys.operator.matching.all, queryKeys.operator.catalogue.all, queryKeys.operator.audit.all].map(
          (queryKey) => client.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
