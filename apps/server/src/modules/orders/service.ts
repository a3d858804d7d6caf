import { sql } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import { canMove } from '@pricehub/shared/rules/order-status';
import { orderMessages, type OrderStatusValue, type OrderView } from '@pricehub/shared/schemas/order';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { conflict, HttpError, notFound } from '../../http/errors';
import { stripeGateway } from '../checkout/payments';
import { mailStatusChange } from '../notifications/announce';
import { findOrder, findOrders, restockOrders } from './repository';

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
 * The customer cancels a Booked order: its stock goes back in the same transaction, and a card payment made
 * through Stripe is refunded for this order's total (the last step, so a failed refund cancels nothing).
 */
export async function cancelOrder(ctx: AppContext, customerId: number, orderId: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<{
      status: OrderStatusValue;
      payment_status: string;
      total: number;
      provider: string | null;
      provider_ref: string | null;
    }>(
      tx,
      sql`select o.status, o.payment_status, o.total, p.provider, p.provider_ref
          from orders o left join payments p on p.id = o.payment_id
          where o.id = ${orderId} and o.customer_id = ${customerId} for update of o`,
    );
    if (!row) throw notFound(orderMessages.notFound);
    if (!canMove(row.status, 'Cancelled')) throw conflict(orderMessages.cancelOnlyBooked);
    const paymentStatus =
      row.payment_status === 'paid' ? 'refunded' : row.payment_status === 'pending' ? 'expired' : row.payment_status;
    await tx.execute(
      sql`update orders set status = 'Cancelled', payment_status = ${paymentStatus}::payment_status,
            updated_at = ${ctx.now()} where id = ${orderId}`,
    );
    await restockOrders(tx, [orderId]);
    await mailStatusChange(tx, await findOrder(tx, orderId), 'Cancelled');
    if (row.payment_status === 'paid' && row.provider === 'stripe' && row.provider_ref) {
      const gateway = stripeGateway(ctx);
      if (!gateway) throw new HttpError(502, 'PAYMENT_PROVIDER', orderMessages.refundFailed);
      await gateway.refund(row.provider_ref, row.total, `refund-${orderId}`).catch(() => {
        throw new HttpError(502, 'PAYMENT_PROVIDER', orderMessages.refundFailed);
      });
    }
  });
  return { message: orderMessages.cancelled, order: await customerOrder(ctx, customerId, orderId) };
}

/** The seller moves their order forward (never back); the customer is mailed about every move. */
export async function updateStatus(
  ctx: AppContext,
  storeId: number,
  orderId: string,
  status: 'Accepted' | 'Shipped' | 'Completed',
) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<{ store_id: number; status: OrderStatusValue; payment_status: string }>(
      tx,
      sql`select store_id, status, payment_status from orders where id = ${orderId} for update`,
    );
    if (!row || row.store_id !== storeId || row.payment_status === 'pending' || row.payment_status === 'expired') {
      throw notFound(orderMessages.notFound);
    }
    if (!canMove(row.status, status)) throw conflict(orderMessages.backwards(row.status, status));
    await tx.execute(sql`update orders set status = ${status}, updated_at = ${ctx.now()} where id = ${orderId}`);
    await mailStatusChange(tx, await findOrder(tx, orderId), status);
  });
  return { message: messages.order.statusUpdated, order: await storeOrder(ctx, storeId, orderId) };
}
