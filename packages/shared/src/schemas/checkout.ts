import { z } from 'zod';
import { formatRs, MAX_ORDER_TOTAL } from '../rules/money';

export const checkoutMessages = {
  cartEmpty: 'Your Cart is Empty',
  addressRequired: 'Please enter a shipping address',
  paymentMethod: 'Please choose a payment method',
  promoUnknown: 'This promo code does not exist',
  promoExpired: 'This promo code has expired',
  promoNotStarted: 'This promo code is not active yet',
  promoNotApplicable: 'This promo code is not for any seller in your cart',
  shortStock: 'Some items no longer have enough stock',
  unavailable: 'Some items can no longer be bought',
  onlineUnavailable: 'Online payment is not available right now. Please choose cash on delivery.',
  paymentNotFound: 'Payment not found',
  paymentClosed: 'This payment is no longer open',
  paid: 'Payment received. Thank you!',
  cancelled: 'Payment cancelled. Your items are back in your cart.',
  testGatewayNotice: 'Test payment, no money moves',
  badSignature: 'Invalid webhook signature',
  totalTooLarge: `One checkout can total at most ${formatRs(MAX_ORDER_TOTAL)}. Please buy fewer units at once.`,
} as const;

export const paymentMethod = z.enum(['online', 'cashOnDel'], { error: checkoutMessages.paymentMethod });
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const checkoutInput = z.object({
  paymentMethod,
  promoCode: z
    .string()
    .trim()
    .max(32, checkoutMessages.promoUnknown)
    .optional()
    .transform((v) => v || undefined),
  shippingAddress: z
    .string({ error: checkoutMessages.addressRequired })
    .trim()
    .min(5, checkoutMessages.addressRequired)
    .max(500, 'Shipping address is too long'),
});
export type CheckoutInput = z.input<typeof checkoutInput>;

export const checkoutResult = z.object({
  orders: z.array(z.object({ orderId: z.string(), total: z.number().int(), status: z.string() })),
  redirectUrl: z.string().optional(),
  paymentId: z.string().optional(),
});
export type CheckoutResult = z.infer<typeof checkoutResult>;

/** A line that could not be bought, sent in error.details of a 409. */
export interface ShortLine {
  productId: number;
  name: string;
  requested: number;
  available: number;
}

export const paymentIdParams = z.object({ paymentId: z.string().trim().min(1).max(100) });

export interface PaymentView {
  id: string;
  provider: string;
  amount: number;
  status: 'not_required' | 'pending' | 'paid' | 'expired' | 'refunded';
  expiresAt: string;
  orderIds: string[];
}
