import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExternalProductDetail, ExternalProductItem } from '@pricehub/shared/schemas/offer';
import { get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export interface ExternalProductsPage {
  items: ExternalProductItem[];
  total: number;
  pageSize: number;
}

export function useExternalProducts(params: { store?: string; q?: string; page: number }) {
  const search = new URLSearchParams();
  if (params.store) search.set('store', params.store);
  if (params.q) search.set('q', params.q);
  search.set('page', String(params.page));
  return useQuery({
    queryKey: queryKeys.externalProducts(params),
    queryFn: () => get<ExternalProductsPage>(`/external-products?${search}`),
    placeholderData: keepPreviousData,
  });
}

export function useExternalProduct(offerId: number) {
  return useQuery({
    queryKey: queryKeys.externalProduct(offerId),
    queryFn: () => get<ExternalProductDetail>(`/external-products/${offerId}`),
    enabled: Number.isInteger(offerId) && offerId > 0,
  });
}
