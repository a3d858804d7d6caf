import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartView } from '@pricehub/shared/schemas/cart';
import type { CheckoutPreview } from '@pricehub/shared/schemas/checkout-preview';
import { post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** What would change the price: each line's listing, quantity and unit price. */
const cartShape = (cart: CartView) => cart.items.map((i) => `${i.listingId}x${i.quantity}@${i.unitPrice}`).join(',');

/**
 * The server's price of checking out `cart` now with `promoCode` (already debounced by the caller), kept while the
 * next one loads so the totals do not flicker. A code is asked about once per cart: each miss counts against the
 * shopper's promo code attempts.
 */
export function useCheckoutPreview(cart: CartView, promoCode: string | undefined) {
  return useQuery({
    queryKey: queryKeys.checkoutPreview(cartShape(cart), promoCode ?? ''),
    queryFn: () => post<CheckoutPreview>('/checkout/preview', promoCode ? { promoCode } : {}),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
    enabled: cart.items.length > 0,
  });
}
