import { useQuery } from '@tanstack/react-query';
import type { PriceHistory, ProductOffer } from '@pricehub/shared/schemas/offer';
import { get } from '../../../api/client';

export const productOffersKey = (productId: number) => ['product-offers', productId] as const;
export const priceHistoryKey = (productId: number) => ['price-history', productId] as const;

/** Every offer for a product, cheapest first, as GET /api/products/:id/offers answers. */
export function useProductOffers(productId: number) {
  return useQuery({
    queryKey: productOffersKey(productId),
    queryFn: () => get<{ offers: ProductOffer[] }>(`/products/${productId}/offers`).then((r) => r.offers),
  });
}

export function usePriceHistory(productId: number) {
  return useQuery({
    queryKey: priceHistoryKey(productId),
    queryFn: () => get<PriceHistory>(`/products/${productId}/price-history`),
  });
}
