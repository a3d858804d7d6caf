export const ORDER_STATUSES = ['Booked', 'Accepted', 'Shipped', 'Completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number] | 'Cancelled';

/** Orders only move forward (one step or more), never back; Cancelled is reached only from Booked. */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  if (to === 'Cancelled') return from === 'Booked';
  if (from === 'Cancelled') return false;
  return ORDER_STATUSES.indexOf(to) > ORDER_STATUSES.indexOf(from);
}
