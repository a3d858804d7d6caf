import { sql } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import { canMove } from '@pricehub/shared/rules/order-status';
import { orderMessages, type OrderStatusValue, type OrderView } from '@pricehub/shared/schemas/order';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { conflict, HttpError, notFound } from '../../http/errors';
import { notifyCustomer } from '../notifications/customer-notice';
import { mailStatusChange } from './announce';
import { closeUnpaidPayment, type PaymentLog } from './checkout/settlement';
import { closeBookedOrder } from './closing';
import { customerNotices } from './customer-notices';
import { findOrder, findOrders } from './repository';

/** Orders a seller acts on: cash on delivery, or paid online (an unpaid online order is not yet an order). */
const confirmed = sql`o.payment_status in ('not_required', 'paid', 'refunded')`;

export const customerOrders = (ctx: AppContext, customerId: number) =>
  findOrders(ctx.db, sql`o.customer_id = ${customerId}`);

/** Another customer's order answers 404, so order ids cannot be probed. */
export async function customerOrder(ctx: AppContext, customerId: number, orderId: string): Promise<OrderView> {
  const [order] = await findOrders(ctx.db, sql`o.id = ${orderId} and o.customer_id = ${customerId}`);
  if (!order) throw notFound(orderMessages.notFound);
  return order;
}

export const storeOrders = (ctx: AppContext, storeId: number) =>
  findOrders(ctx.db, sql`o.store_id = ${storeId} and ${confirmed}`, 500);

async function storeOrderId(ctx: AppContext, storeId: number, orderId: string): Promise<void> {
  const [row] = await queryRows<{ store_id: number; payment_status: string }>(
    ctx.db,
    sql`select store_id, payment_status from orders where id = ${orderId}`,
  );
  // Another store's order is "not found" too: order ids are sequential, and must not tell what exists.
  if (!row || row.store_id !== storeId || row.payment_status === 'pending' || row.payment_status === 'expired') {
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
  const [row] = await queryRows<{ status: OrderStatusValue; payment_status: string; payment_id: string | null }>(
    ctx.db,
    sql`select status, payment_status, payment_id from orders where id = ${orderId} and customer_id = ${customerId}`,
  );
  if (!row) throw notFound(orderMessages.notFound);
  if (row.payment_status === 'pending' && row.payment_id) {
    if (!canMove(row.status, 'Cancelled')) throw conflict(orderMessages.cancelOnlyBooked);
    let after: string;
    try {
      after = await closeUnpaidPayment(ctx, row.payment_id, log);
    } catch (error) {
      log.error(
        { orderId, paymentId: row.payment_id, reason: error instanceof Error ? error.message : String(error) },
        'could not close the payment of an order being cancelled; the order stays open',
      );
      throw new HttpError(502, 'PAYMENT_PROVIDER', orderMessages.cancelFailed);
    }
    // Still pending: Stripe took another amount and refused to give it back (logged); the order stays open.
    if (after === 'pending') throw new HttpError(502, 'PAYMENT_PROVIDER', orderMessages.cancelFailed);
    if (after !== 'paid') {
      const others = await queryRows<{ id: string }>(
        ctx.db,
        sql`select id from orders where payment_id = ${row.payment_id} and id <> ${orderId} order by id`,
      );
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
    const [row] = await queryRows<{
      store_id: number;
      customer_id: number;
      status: OrderStatusValue;
      payment_status: string;
    }>(tx, sql`select store_id, customer_id, status, payment_status from orders where id = ${orderId} for update`);
    if (!row || row.store_id !== storeId || row.payment_status === 'pending' || row.payment_status === 'expired') {
      throw notFound(orderMessages.notFound);
    }
    if (!canMove(row.status, status)) throw conflict(orderMessages.backwards(row.status, status));
    await tx.execute(sql`update orders set status = ${status}, updated_at = ${ctx.now()},
          completed_at = case when ${status} = 'Completed' then ${ctx.now()} else completed_at end
        where id = ${orderId}`);
    const order = await findOrder(tx, orderId);
    await mailStatusChange(tx, order, status);
    await notifyCustomer(tx, {
      customerId: row.customer_id,
      createdAt: ctx.now(),
      ...customerNotices.statusChanged(order, status),
    });
  });
  return { message: messages.order.statusUpdated, order: await storeOrder(ctx, storeId, orderId) };
}
