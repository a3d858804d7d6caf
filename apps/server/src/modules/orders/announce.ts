import { sql, type SQL } from 'drizzle-orm';
import { formatRs } from '@pricehub/shared/rules/money';
import { notificationMessages } from '@pricehub/shared/schemas/notification';
import type { OrderLineView, OrderView } from '@pricehub/shared/schemas/order';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { enqueueMail, outboxInsert } from '../mail/outbox';
import { storeNoticesInsert } from '../notifications/store-notice';
import { findOrders } from './repository';

/** What the seller's notification and the customer's mail say about one order. */
export type OrderAnnouncement = Pick<
  OrderView,
  | 'orderId'
  | 'store'
  | 'customer'
  | 'subtotal'
  | 'shippingFee'
  | 'discount'
  | 'total'
  | 'promoCode'
  | 'paymentMethod'
  | 'shippingAddress'
> & { storeId: number; lines: Pick<OrderLineView, 'name' | 'quantity' | 'lineTotal'>[] };

/** An order's lines as one short phrase ("Pixel Phone ×2, Galaxy A15"), for notices and lists. */
export const describeLines = (order: { lines: Pick<OrderLineView, 'name' | 'quantity'>[] }) =>
  order.lines.map((l) => (l.quantity > 1 ? `${l.name} ×${l.quantity}` : l.name)).join(', ');

/** The announcements of orders already written (an online payment confirmed later). */
export async function loadOrderAnnouncements(tx: Db, orderIds: string[]): Promise<OrderAnnouncement[]> {
  if (orderIds.length === 0) return [];
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
  return orders.map((order) => ({ ...order, storeId: storeOf.get(order.orderId)! }));
}

/**
 * Orders have become real (cash on delivery at once, online once paid): each seller gets a notification and the
 * customer an order-confirmation mail. One statement however many orders; call inside the confirming transaction.
 */
export async function announceOrders(tx: Db, ctx: AppContext, orders: OrderAnnouncement[]): Promise<void> {
  if (orders.length === 0) return;
  await tx.execute(sql`with ${announcementWrites(ctx, orders)} select 1`);
}

/**
 * The writes that announce these orders, as CTEs (`notified as (…), mailed as (…)`) for a statement that also makes
 * them: checkout sends them with the orders while buyers of the product wait. Both are data-modifying, so they run
 * to completion wherever they are placed.
 */
export function announcementWrites(ctx: AppContext, orders: OrderAnnouncement[]): SQL {
  const notes = orders.map((order) => ({
    storeId: order.storeId,
    orderId: order.orderId,
    message: `${notificationMessages.newOrder}: ${order.orderId}`,
    product: describeLines(order),
    customer: order.customer.name,
    total: order.total,
    createdAt: ctx.now(),
  }));
  const mails = orders.map((order) => ({
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
  }));
  return sql`notified as (${storeNoticesInsert(notes)}), mailed as (${outboxInsert(mails)})`;
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
