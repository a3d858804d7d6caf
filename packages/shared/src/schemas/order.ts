import { z } from 'zod';

export const orderMessages = {
  notFound: 'Order not found',
  cancelOnlyBooked: 'Only a Booked order can be cancelled',
  cancelled: 'Order cancelled',
  refundFailed: 'The refund could not be made right now, so the order is still open. Please try again.',
  backwards: (from: string, to: string) => `An order cannot move from ${from} to ${to}`,
  statusInvalid: 'Please choose Accepted, Shipped or Completed',
} as const;

export const orderStatus = z.enum(['Booked', 'Accepted', 'Shipped', 'Completed', 'Cancelled']);
export type OrderStatusValue = z.infer<typeof orderStatus>;

/** What a seller may set; Booked is where orders start, Cancelled is the customer's. */
export const statusUpdateInput = z.object({
  status: z.enum(['Accepted', 'Shipped', 'Completed'], { error: orderMessages.statusInvalid }),
});

export const orderIdParams = z.object({
  orderId: z
    .string()
    .trim()
    .regex(/^SG\d+$/, orderMessages.notFound),
});

/**
 * One line of an order. It holds one seller's listing: `productId` is that listing's id (as in the cart, and what a
 * review names), also given as `listingId`; `catalogProductId` is its catalogue product (the product page). Both
 * are null once the listing is deleted; the name, image and price are the order's own copy.
 */
export interface OrderLineView {
  id: number;
  productId: number | null;
  listingId?: number | null;
  catalogProductId?: number | null;
  name: string;
  image: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  reviewed: boolean;
}

export interface OrderView {
  orderId: string;
  status: OrderStatusValue;
  paymentMethod: 'online' | 'cashOnDel';
  paymentStatus: 'not_required' | 'pending' | 'paid' | 'expired' | 'refunded';
  paymentId: string | null;
  subtotal: number;
  shippingFee: number;
  discount: number;
  total: number;
  promoCode: string | null;
  shippingAddress: string;
  createdAt: string;
  updatedAt: string;
  store: { slug: string; name: string };
  customer: { name: string; email: string };
  lines: OrderLineView[];
}
