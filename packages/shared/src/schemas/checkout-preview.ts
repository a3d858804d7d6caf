import { z } from 'zod';
import { checkoutInput } from './checkout';
import { orderStore } from './order';

/** POST /api/checkout/preview: the promo code as the checkout form holds it (blank means none). */
export const checkoutPreviewInput = checkoutInput.pick({ promoCode: true });
export type CheckoutPreviewInput = z.input<typeof checkoutPreviewInput>;

/**
 * A code worth asking the server about: promo codes are 4 to 16 letters or digits, so anything else cannot be one
 * and is answered without a lookup (and without counting against the promo code limit).
 */
export const promoCodeShape = /^[A-Z0-9]{4,16}$/i;

export const checkoutPreviewOrder = z.object({
  store: orderStore,
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  total: z.number().int(),
});
export type CheckoutPreviewOrder = z.infer<typeof checkoutPreviewOrder>;

/** What checking out the cart now would cost, one order per seller, in paisa; `promo` is null without a code. */
export const checkoutPreview = z.object({
  orders: z.array(checkoutPreviewOrder),
  total: z.number().int(),
  promo: z.object({ code: z.string(), valid: z.boolean(), message: z.string() }).nullable(),
});
export type CheckoutPreview = z.infer<typeof checkoutPreview>;
