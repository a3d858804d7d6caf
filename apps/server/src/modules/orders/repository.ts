import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderLineView, OrderView } from '@pricehub/shared/schemas/order';
import { queryRows, type Db } from '../../db/client';
import { listings, orderLines, orders } from '../../db/schema';
import { accountNamesSql, storesSql } from '../accounts/queries';

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
      catalogProductId: listings.productId,
      name: orderLines.name,
      image: orderLines.image,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      reviewed: orderLines.reviewed,
    })
    .from(orderLines)
    .leftJoin(listings, eq(listings.id, orderLines.listingId))
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
 * Locks these listings in id order and answers their shelf. FOR NO KEY UPDATE, the lock an UPDATE takes: order
 * lines written earlier in the same transactions hold KEY SHARE locks on them, which this does not wait for.
 * inListingLockOrder keeps the lock order every change of listings follows (listings by id, then products).
 */
async function lockListings(
  tx: Db,
  listingIds: number[],
): Promise<{ id: number; product_id: number; quantity: number; stock: 'instock' | 'outofstock' }[]> {
  if (listingIds.length === 0) return [];
  return queryRows(
    tx,
    sql`select id, product_id, quantity, stock from listings
        where id in (${sql.join(
          listingIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by id for no key update`,
  );
}

/**
 * `items` in the order a transaction that changes their listings updates them: by catalogue product, then by listing
 * id. With more than one listing it locks them all first (lockListings, in id order), since an update may also change
 * the product's summary (a trigger); two such transactions then never wait on each other in a circle. One listing
 * needs no lock beforehand: its own update takes it.
 */
export async function inListingLockOrder<T>(tx: Db, items: T[], listingOf: (item: T) => number): Promise<T[]> {
  const byListing = [...items].sort((a, b) => listingOf(a) - listingOf(b));
  if (byListing.length < 2) return byListing;
  const locked = await lockListings(tx, byListing.map(listingOf));
  const productOf = new Map(locked.map((l) => [l.id, l.product_id]));
  const product = (item: T) => productOf.get(listingOf(item)) ?? 0;
  return byListing.sort((a, b) => product(a) - product(b) || listingOf(a) - listingOf(b));
}

/**
 * Puts the units of these orders back on their listings' shelves and takes them off units_sold. Call inside the
 * transaction that cancels them. Keeps checkout's lock order: the listings first, in id order, then each update
 * (which refreshes its catalogue product) in product id order.
 */
export async function restockOrders(tx: Db, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const lines = await queryRows<{ listing_id: number; quantity: number }>(
    tx,
    sql`select listing_id, sum(quantity)::int as quantity from order_lines
        where order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and listing_id is not null
        group by listing_id order by listing_id`,
  );
  for (const line of await inListingLockOrder(tx, lines, (l) => l.listing_id)) {
    await tx.execute(
      sql`update listings set quantity = quantity + ${line.quantity},
            units_sold = greatest(units_sold - ${line.quantity}, 0), updated_at = now(),
            stock = case when quantity = 0 then 'instock'::stock_status else stock end
          where id = ${line.listing_id}`,
    );
  }
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
