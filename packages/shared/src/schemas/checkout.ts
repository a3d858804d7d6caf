import { z } from 'zod';
import { formatRs, MAX_ORDER_TOTAL } from '../rules/money';
import { isoTime } from './response';

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

/** Where an order's money stands: nothing to pay (cash on delivery), awaiting the card, paid, lapsed, given back. */
export const paymentStatus = z.enum(['not_required', 'pending', 'paid', 'expired', 'refunded']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

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

/**
 * POST /api/checkout: one Booked order per seller, totals in paisa. Paying online adds the payment and the page
 * to pay it on (the gateway's, or the built-in test page).
 */
export const checkoutResult = z.object({
  orders: z.array(z.object({ orderId: z.string(), total: z.number().int(), status: z.literal('Booked') })),
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

/** One online payment, covering every order of its checkout; `amount` in paisa. */
export const paymentView = z.object({
  id: z.string(),
  provider: z.string(),
  amount: z.number().int(),
  status: paymentStatus,
  expiresAt: isoTime,
  orderIds: z.array(z.string()),
});
export type PaymentView = z.infer<typeof paymentView>;

/** The test gateway's pay or cancel: the toast's wording and the payment as it now is. */
export const paymentChanged = z.object({ message: z.string(), payment: paymentView });

/** What Stripe is told once an event is verified and handled (or deliberately ignored). */
export const webhookReceived = z.object({ received: z.literal(true) });
