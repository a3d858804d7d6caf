export const ORDER_STATUSES = ['Booked', 'Accepted', 'Shipped', 'Completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number] | 'Cancelled';

/** Orders only move forward (one step or more), never back; Cancelled is reached only from Booked. */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  if (to === 'Cancelled') return from === 'Booked';
  if (from === 'Cancelled') return false;
  return ORDER_STATUSES.indexOf(to) > ORDER_STATUSES.indexOf(from);
}

/**
 * A seller may reject an order only while it is Booked (before accepting it): a rejected order is Cancelled with
 * the seller's reason, so everything that treats Cancelled orders as gone (stock, sales figures) holds for it too.
 */
export const canReject = (status: OrderStatus): boolean => canMove(status, 'Cancelled');

/** The longest reason a seller may give the customer for rejecting an order. */
export const REJECTION_REASON_MAX = 500;
