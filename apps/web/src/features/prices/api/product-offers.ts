import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceHistory, ProductOffer } from '@pricehub/shared/schemas/offer';
import { get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** Every offer for a product, cheapest first, as GET /api/products/:id/offers answers. */
export const productOffersQuery = (productId: number) =>
  queryOptions({
    queryKey: queryKeys.productOffers(productId),
    queryFn: () => get<{ offers: ProductOffer[] }>(`/products/${productId}/offers`).then((r) => r.offers),
  });
export const useProductOffers = (productId: number) => useQuery(productOffersQuery(productId));

export const priceHistoryQuery = (productId: number) =>
  queryOptions({
    queryKey: queryKeys.priceHistory(productId),
    queryFn: () => get<PriceHistory>(`/products/${productId}/price-history`),
  });
export const usePriceHistory = (productId: number) => useQuery(priceHistoryQuery(productId));
