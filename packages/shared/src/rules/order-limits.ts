/**
 * How much stock one customer may hold without paying for it. An unpaid online checkout keeps its units off the
 * shelf for PAYMENT_HOLD_MINUTES, and a cash-on-delivery order keeps them until its seller acts: without a cap,
 * one account could empty a store's shelves for everyone else at no cost.
 */

/** Unpaid online orders hold their stock this long; then the release job puts it back. */
export const PAYMENT_HOLD_MINUTES = 30;

/** Online checkouts waiting for payment (one checkout may hold one order per seller). */
export const MAX_UNPAID_ONLINE_CHECKOUTS = 3;

/** Cash-on-delivery orders still Booked (no seller has accepted them yet), counting the ones a checkout adds. */
export const MAX_BOOKED_CASH_ORDERS = 5;

export const orderLimitMessages = {
  unpaidOnline:
    `You already have ${MAX_UNPAID_ONLINE_CHECKOUTS} online checkouts waiting for payment. ` +
    `Pay for one, or cancel the orders you no longer want in My account, then check out again. ` +
    `Unpaid orders are also released after ${PAYMENT_HOLD_MINUTES} minutes.`,
  bookedCash: (held: number, adding: number) =>
    held >= MAX_BOOKED_CASH_ORDERS
      ? `You already have ${held} cash-on-delivery orders waiting for their sellers. ` +
        `Cancel one you no longer want in My account, wait until a seller accepts one, or pay online.`
      : `This checkout would add ${adding} cash-on-delivery orders (one per seller) to the ${held} already waiting ` +
        `for their sellers, and at most ${MAX_BOOKED_CASH_ORDERS} can wait at once. ` +
        `Pay online, or check out fewer sellers' items at a time.`,
} as const;

/** Why a checkout would hold too much, or null when it may go ahead. */
export function holdingRefusal(
  paymentMethod: 'online' | 'cashOnDel',
  held: { unpaidOnline: number; bookedCash: number },
  newOrders: number,
): { code: 'TOO_MANY_UNPAID' | 'TOO_MANY_BOOKED'; message: string } | null {
  if (paymentMethod === 'online') {
    return held.unpaidOnline >= MAX_UNPAID_ONLINE_CHECKOUTS
      ? { code: 'TOO_MANY_UNPAID', message: orderLimitMessages.unpaidOnline }
      : null;
  }
  return held.bookedCash + newOrders > MAX_BOOKED_CASH_ORDERS
    ? { code: 'TOO_MANY_BOOKED', message: orderLimitMessages.bookedCash(held.bookedCash, newOrders) }
    : null;
}
