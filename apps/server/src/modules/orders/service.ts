import { messages } from '@pricehub/shared/messages';
import { canMove } from '@pricehub/shared/rules/order-status';
import { orderMessages, type OrderView } from '@pricehub/shared/schemas/order';
import type { AppContext } from '../../context';
import { conflict, HttpError, notFound } from '../../http/errors';
import { notifyCustomer } from '../notifications/customer-notice';
import { mailStatusChange } from './announce';
import { closeUnpaidPayment, type PaymentLog } from './checkout/settlement';
import { closeBookedOrder } from './closing';
import { customerNotices } from './customer-notices';
import {
  customerOrderById,
  customerOrderList,
  customerOrderPayment,
  findOrder,
  lockOrderForStatus,
  moveOrderStatus,
  orderStoreAndPayment,
  otherOrdersOfPayment,
  storeOrderList,
} from './repository';

export const customerOrders = (ctx: AppContext, customerId: number) => customerOrderList(ctx.db, customerId);

/** Another customer's order answers 404, so order ids cannot be probed. */
export async function customerOrder(ctx: AppContext, customerId: number, orderId: string): Promise<OrderView> {
  const order = await customerOrderById(ctx.db, customerId, orderId);
  if (!order) throw notFound(orderMessages.notFound);
  return order;
}

/** The orders a seller acts on (an unpaid online order is not yet an order). */
export const storeOrders = (ctx: AppContext, storeId: number) => storeOrderList(ctx.db, storeId);

async function storeOrderId(ctx: AppContext, storeId: number, orderId: string): Promise<void> {
  const row = await orderStoreAndPayment(ctx.db, orderId);
  // Another store's order is "not found" too: order ids are sequential, and must not tell what exists.
  if (!row || row.storeId !== storeId || row.paymentStatus === 'pending' || row.paymentStatus === 'expired') {
    throw notFound(orderMessages.notFound);
  }
}

export async function storeOrder(ctx: AppContext, storeId: number, orderId: string): Promise<OrderView> {
  await storeOrderId(ctx, storeId, orderId);
  return findOrder(ctx.db, orderId);
}

/**
 * The customer cancels a Booked order. A paid or cash-on-delivery order closes on its own (closing.ts). An unpaid
 * online order closes its payment first, at Stripe too, so that nothing can be paid on it afterwards; the payment
 * covers the whole checkout, so its other unpaid orders are cancelled with it. A customer who paid in the last
 * seconds has a paid order, which is then cancelled and refunded like any other.
 */
export async function cancelOrder(ctx: AppContext, customerId: number, orderId: string, log: PaymentLog) {
  const row = await customerOrderPayment(ctx.db, customerId, orderId);
  if (!row) throw notFound(orderMessages.notFound);
  if (row.paymentStatus === 'pending' && row.paymentId) {
    if (!canMove(row.status, 'Cancelled')) throw conflict(orderMessages.cancelOnlyBooked);
    let after: string;
    try {
      after = await closeUnpaidPayment(ctx, row.paymentId, log);
    } catch (error) {
      log.error(
        { orderId, paymentId: row.paymentId, reason: error instanceof Error ? error.message : String(error) },
        'could not close the payment of an order being cancelled; the order stays open',
      );
      throw new HttpError(502, 'PAYMENT_PROVIDER', orderMessages.cancelFailed);
    }
    // Still pending: Stripe took another amount and refused to give it back (logged); the order stays open.
    if (after === 'pending') throw new HttpError(502, 'PAYMENT_PROVIDER', orderMessages.cancelFailed);
    if (after !== 'paid') {
      const others = await otherOrdersOfPayment(ctx.db, row.paymentId, orderId);
      const order = await customerOrder(ctx, customerId, orderId);
      if (order.status !== 'Cancelled') throw conflict(orderMessages.cancelOnlyBooked);
      const message =
        others.length > 0
          ? orderMessages.unpaidCheckoutCancelled(others.map((o) => o.id))
          : orderMessages.unpaidCancelled;
      return { message, order };
    }
  }
  await closeBookedOrder(ctx, orderId, { by: 'customer', customerId }, log);
  return { message: orderMessages.cancelled, order: await customerOrder(ctx, customerId, orderId) };
}

/**
 * The seller rejects a Booked order they cannot fill, telling the customer why: it is cancelled, its stock goes
 * back, the customer is mailed the reason, and an order paid online is refunded.
 */
export async function rejectOrder(ctx: AppContext, storeId: number, orderId: string, reason: string, log: PaymentLog) {
  await closeBookedOrder(ctx, orderId, { by: 'seller', storeId, reason }, log);
  return { message: orderMessages.rejected, order: await storeOrder(ctx, storeId, orderId) };
}

/** The seller moves their order forward (never back); the customer is mailed and notified of every move. */
export async function updateStatus(
  ctx: AppContext,
  storeId: number,
  orderId: string,
  status: 'Accepted' | 'Shipped' | 'Completed',
) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrderForStatus(tx, orderId);
    if (!row || row.storeId !== storeId || row.paymentStatus === 'pending' || row.paymentStatus === 'expired') {
      throw notFound(orderMessages.notFound);
    }
    if (!canMove(row.status, status)) throw conflict(orderMessages.backwards(row.status, status));
    await moveOrderStatus(tx, orderId, status, ctx.now());
    const order = await findOrder(tx, orderId);
    await mailStatusChange(tx, order, status);
    await notifyCustomer(tx, {
      customerId: row.customerId,
      createdAt: ctx.now(),
      ...customerNotices.statusChanged(order, status),
    });
  });
  return { message: messages.order.statusUpdated, order: await storeOrder(ctx, storeId, orderId) };
}
