import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderLineView, OrderView } from '@pricehub/shared/schemas/order';
import { queryRows, type Db } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { accountNamesSql, storesSql } from '../accounts/queries';
import { listingsSql, restockListings, type ListingUnits } from '../catalog/stock';

interface OrderRow {
  id: string;
  status: OrderView['status'];
  payment_method: OrderView['paymentMethod'];
  payment_status: OrderView['paymentStatus'];
  payment_id: string | null;
  subtotal: number;
  shipping_fee: number;
  discount: number;
  total: number;
  promo_code: string | null;
  shipping_address: string;
  rejection_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  store_slug: string;
  store_name: string;
  customer_name: string;
  customer_email: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

type OrderColumns = typeof orders.$inferSelect;

/** Orders matching `where` (over `o` orders, `s` stores, `a` accounts), newest first, each with its lines. */
export async function findOrders(db: Db, where: SQL, limit = 200): Promise<OrderView[]> {
  const rows = await queryRows<OrderRow>(
    db,
    sql`select o.id, o.status, o.payment_method, o.payment_status, o.payment_id, o.subtotal, o.shipping_fee,
          o.discount, o.total, o.promo_code, o.shipping_address, o.rejection_reason, o.created_at, o.updated_at,
          s.slug as store_slug, s.name as store_name, a.name as customer_name, a.email as customer_email
        from orders o join ${storesSql} s on s.id = o.store_id join ${accountNamesSql} a on a.id = o.customer_id
        where ${where}
        order by o.created_at desc, o.id desc
        limit ${limit}`,
  );
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      listingId: orderLines.listingId,
      catalogProductId: sql<number | null>`l.product_id`,
      name: orderLines.name,
      image: orderLines.image,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      reviewed: orderLines.reviewed,
    })
    .from(orderLines)
    .leftJoin(sql`${listingsSql} l`, sql`l.id = ${orderLines.listingId}`)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  const byOrder = new Map<string, OrderLineView[]>();
  for (const l of lines) {
    const list = byOrder.get(l.orderId) ?? [];
    // `productId` is the listing bought (what a review names), as in the cart; null once the listing is gone.
    list.push({
      id: l.id,
      productId: l.listingId,
      listingId: l.listingId,
      catalogProductId: l.catalogProductId,
      name: l.name,
      image: l.image,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.unitPrice * l.quantity,
      reviewed: l.reviewed,
    });
    byOrder.set(l.orderId, list);
  }
  return rows.map((r) => ({
    orderId: r.id,
    status: r.status,
    paymentMethod: r.payment_method,
    paymentStatus: r.payment_status,
    paymentId: r.payment_id,
    subtotal: r.subtotal,
    shippingFee: r.shipping_fee,
    discount: r.discount,
    total: r.total,
    promoCode: r.promo_code,
    shippingAddress: r.shipping_address,
    rejectionReason: r.rejection_reason,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    store: { slug: r.store_slug, name: r.store_name },
    customer: { name: r.customer_name, email: r.customer_email },
    lines: byOrder.get(r.id) ?? [],
  }));
}

/**
 * Puts the units of these orders back on their listings' shelves and takes them off units_sold. Call inside the
 * transaction that cancels them; the catalogue keeps checkout's lock order (restockListings).
 */
export async function restockOrders(tx: Db, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const lines = await queryRows<ListingUnits>(
    tx,
    sql`select listing_id as "listingId", sum(quantity)::int as quantity from order_lines
        where order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and listing_id is not null
        group by listing_id order by listing_id`,
  );
  await restockListings(tx, lines);
}

/** One order by id, for code that has already checked who may see it. */
export async function findOrder(db: Db, orderId: string): Promise<OrderView> {
  const [order] = await findOrders(db, sql`o.id = ${orderId}`);
  if (!order) throw new Error(`order ${orderId} vanished`);
  return order;
}

/** A customer's orders, newest first. */
export const customerOrderList = (db: Db, customerId: number): Promise<OrderView[]> =>
  findOrders(db, sql`o.customer_id = ${customerId}`);

/** The customer's order by id; undefined for an unknown id or another customer's order. */
export async function customerOrderById(db: Db, customerId: number, orderId: string): Promise<OrderView | undefined> {
  const [order] = await findOrders(db, sql`o.id = ${orderId} and o.customer_id = ${customerId}`);
  return order;
}

/** Orders a seller acts on: cash on delivery, or paid online (an unpaid online order is not yet an order). */
const confirmed = sql`o.payment_status in ('not_required', 'paid', 'refunded')`;

/** A store's orders that the seller acts on, newest first. */
export const storeOrderList = (db: Db, storeId: number): Promise<OrderView[]> =>
  findOrders(db, sql`o.store_id = ${storeId} and ${confirmed}`, 500);

/** Which store sells the order and how far its payment is, to check a seller may see it. */
export async function orderStoreAndPayment(
  db: Db,
  orderId: string,
): Promise<Pick<OrderColumns, 'storeId' | 'paymentStatus'> | undefined> {
  const [row] = await queryRows<Pick<OrderColumns, 'storeId' | 'paymentStatus'>>(
    db,
    sql`select store_id as "storeId", payment_status as "paymentStatus" from orders where id = ${orderId}`,
  );
  return row;
}

/** The customer's order's state and payment, to decide how it is cancelled; undefined for another's order. */
export async function customerOrderPayment(
  db: Db,
  customerId: number,
  orderId: string,
): Promise<Pick<OrderColumns, 'status' | 'paymentStatus' | 'paymentId'> | undefined> {
  const [row] = await queryRows<Pick<OrderColumns, 'status' | 'paymentStatus' | 'paymentId'>>(
    db,
    sql`select status, payment_status as "paymentStatus", payment_id as "paymentId" from orders
        where id = ${orderId} and customer_id = ${customerId}`,
  );
  return row;
}

/** The other orders of one checkout's payment, by id: cancelled with `orderId` when the payment closes. */
export function otherOrdersOfPayment(db: Db, paymentId: string, orderId: string): Promise<Pick<OrderColumns, 'id'>[]> {
  return queryRows<Pick<OrderColumns, 'id'>>(
    db,
    sql`select id from orders where payment_id = ${paymentId} and id <> ${orderId} order by id`,
  );
}

/** The order locked for a change of its status: whose it is, its status and its payment's. */
export async function lockOrderForStatus(
  tx: Db,
  orderId: string,
): Promise<Pick<OrderColumns, 'storeId' | 'customerId' | 'status' | 'paymentStatus'> | undefined> {
  const [row] = await queryRows<Pick<OrderColumns, 'storeId' | 'customerId' | 'status' | 'paymentStatus'>>(
    tx,
    sql`select store_id as "storeId", customer_id as "customerId", status, payment_status as "paymentStatus"
        from orders where id = ${orderId} for update`,
  );
  return row;
}

/** Moves the order to `status` at `at`; Completed also starts the return window (completed_at). */
export async function moveOrderStatus(
  tx: Db,
  orderId: string,
  status: 'Accepted' | 'Shipped' | 'Completed',
  at: Date,
): Promise<void> {
  await tx.execute(sql`update orders set status = ${status}, updated_at = ${at},
        completed_at = case when ${status} = 'Completed' then ${at} else completed_at end
      where id = ${orderId}`);
}
