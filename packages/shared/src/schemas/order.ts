import { z } from 'zod';
import { REJECTION_REASON_MAX } from '../rules/order-status';
import { paymentMethod, paymentStatus } from './checkout';
import { isoTime } from './response';

export const orderMessages = {
  notFound: 'Order not found',
  cancelOnlyBooked: 'Only a Booked order can be cancelled',
  cancelled: 'Order cancelled',
  refundFailed: 'The refund could not be made right now, so the order is still open. Please try again.',
  backwards: (from: string, to: string) => `An order cannot move from ${from} to ${to}`,
  statusInvalid: 'Please choose Accepted, Shipped or Completed',
  unpaidCancelled: 'Order cancelled. It was not paid for, so its payment page is closed and nothing is charged.',
  unpaidCheckoutCancelled: (others: string[]) =>
    `Order cancelled, with ${others.join(', ')} from the same unpaid checkout (one payment covered them all). ` +
    'Its payment page is closed and nothing is charged.',
  cancelFailed: 'The order could not be cancelled right now. Please try again in a minute.',
  rejectOnlyBooked: 'Only a Booked order can be rejected; this one has already been accepted or closed',
  rejected: 'Order rejected. The customer has been told why, and the items are back in stock.',
  reasonRequired: 'Please tell the customer why (at least 5 characters)',
  reasonTooLong: `Please keep the reason to at most ${REJECTION_REASON_MAX} characters`,
} as const;

export const orderStatus = z.enum(['Booked', 'Accepted', 'Shipped', 'Completed', 'Cancelled']);
export type OrderStatusValue = z.infer<typeof orderStatus>;

/** What a seller may set; Booked is where orders start, Cancelled is the customer's. */
export const statusUpdateInput = z.object({
  status: z.enum(['Accepted', 'Shipped', 'Completed'], { error: orderMessages.statusInvalid }),
});

/** A seller's refusal of a Booked order; the reason is mailed to the customer and shown with the order. */
export const rejectOrderInput = z.object({
  reason: z
    .string({ error: orderMessages.reasonRequired })
    .trim()
    .min(5, orderMessages.reasonRequired)
    .max(REJECTION_REASON_MAX, orderMessages.reasonTooLong),
});
export type RejectOrderInput = z.input<typeof rejectOrderInput>;

export const orderIdParams = z.object({
  orderId: z
    .string()
    .trim()
    .regex(/^SG\d+$/, orderMessages.notFound),
});

/**
 * One line of an order. It holds one seller's listing: `productId` is that listing's id (as in the cart, and what a
 * review names), also given as `listingId`; `catalogProductId` is its catalogue product (the product page). Both
 * are null once the listing is deleted; the name, image and price are the order's own copy. Money in paisa.
 */
export const orderLine = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  listingId: z.number().int().nullable().optional(),
  catalogProductId: z.number().int().nullable().optional(),
  name: z.string(),
  image: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
  reviewed: z.boolean(),
});
export type OrderLineView = z.infer<typeof orderLine>;

export const orderStore = z.object({ slug: z.string(), name: z.string() });

/** An order as its customer and its seller see it; money in paisa. */
export const orderView = z.object({
  orderId: z.string(),
  status: orderStatus,
  paymentMethod,
  paymentStatus,
  paymentId: z.string().nullable(),
  subtotal: z.number().int(),
  shippingFee: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  promoCode: z.string().nullable(),
  shippingAddress: z.string(),
  /** Set when the seller rejected the order (it is then Cancelled): their reason, as the customer was told. */
  rejectionReason: z.string().nullable().optional(),
  createdAt: isoTime,
  updatedAt: isoTime,
  store: orderStore,
  customer: z.object({ name: z.string(), email: z.string() }),
  lines: z.array(orderLine),
});
export type OrderView = z.infer<typeof orderView>;

/** GET /api/orders and /api/seller/orders: newest first. */
export const orderList = z.object({ orders: z.array(orderView) });
/** A change to an order (cancel, reject, status): the toast's wording and the order as it now is. */
export const orderChanged = z.object({ message: z.string(), order: orderView });
