import { sql } from 'drizzle-orm';
import { formatRs } from '@pricehub/shared/rules/money';
import { notificationMessages } from '@pricehub/shared/schemas/notification';
import type { OrderView } from '@pricehub/shared/schemas/order';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { findOrders } from '../orders/repository';

const describeLines = (order: OrderView) =>
  order.lines.map((l) => (l.quantity > 1 ? `${l.name} ×${l.quantity}` : l.name)).join(', ');

/**
 * An order has become real (cash on delivery at once, online once paid): its seller gets a notification and
 * the customer an order-confirmation mail. Call inside the transaction that confirms the orders.
 */
export async function announceOrders(tx: Db, ctx: AppContext, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const list = sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const orders = await findOrders(tx, sql`o.id in (${list})`);
  const stores = await queryRows<{ id: string; store_id: number }>(
    tx,
    sql`select id, store_id from orders where id in (${list})`,
  );
  const storeOf = new Map(stores.map((s) => [s.id, s.store_id]));
  for (const order of orders) {
    await tx.insert(notifications).values({
      storeId: storeOf.get(order.orderId)!,
      orderId: order.orderId,
      message: `${notificationMessages.newOrder}: ${order.orderId}`,
      product: describeLines(order),
      customer: order.customer.name,
      total: order.total,
      createdAt: ctx.now(),
    });
    await enqueueMail(tx, {
      to: order.customer.email,
      subject: `Your PriceHub order ${order.orderId} is booked`,
      text: [
        `Hello ${order.customer.name},`,
        '',
        `Thank you for your order ${order.orderId} from ${order.store.name}.`,
        ...order.lines.map((l) => `- ${l.name} × ${l.quantity}: ${formatRs(l.lineTotal)}`),
        `Subtotal: ${formatRs(order.subtotal)}`,
        `Shipping: ${formatRs(order.shippingFee)}`,
        ...(order.discount > 0 ? [`Promo ${order.promoCode}: -${formatRs(order.discount)}`] : []),
        `Total: ${formatRs(order.total)}`,
        `Payment: ${order.paymentMethod === 'cashOnDel' ? 'cash on delivery' : 'paid online'}`,
        `Ship to: ${order.shippingAddress}`,
      ].join('\n'),
      dedupeKey: `order-booked:${order.orderId}`,
    });
  }
}

/** The customer hears of every status change (the outbox dedupes a repeated event). */
export async function mailStatusChange(tx: Db, order: OrderView, status: string): Promise<void> {
  await enqueueMail(tx, {
    to: order.customer.email,
    subject: `Your PriceHub order ${order.orderId} is ${status}`,
    text: [
      `Hello ${order.customer.name},`,
      '',
      `Your order ${order.orderId} from ${order.store.name} is now ${status}.`,
      ...order.lines.map((l) => `- ${l.name} × ${l.quantity}`),
      `Total: ${formatRs(order.total)}`,
    ].join('\n'),
    dedupeKey: `order-status:${order.orderId}:${status}`,
  });
}
