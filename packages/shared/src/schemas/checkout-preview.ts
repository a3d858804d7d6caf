import { z } from 'zod';
import { checkoutInput } from './checkout';

/** POST /api/checkout/preview: the promo code as the checkout form holds it (blank means none). */
export const checkoutPreviewInput = checkoutInput.pick({ promoCode: true });
export type CheckoutPreviewInput = z.input<typeof checkoutPreviewInput>;

/**
 * A code worth asking the server about: promo codes are 4 to 16 letters or digits, so anything else cannot be one
 * and is answered without a lookup (and without counting against the promo code limit).
 */
export const promoCodeShape = /^[A-Z0-9]{4,16}$/i;

export interface CheckoutPreviewOrder {
  store: { slug: string; name: string };
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
}

/** What checking out the cart now would cost, one order per seller, in paisa; `promo` is null without a code. */
export interface CheckoutPreview {
  orders: CheckoutPreviewOrder[];
  total: number;
  promo: { code: string; valid: boolean; message: string } | null;
}
