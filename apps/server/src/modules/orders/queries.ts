import { eq, sql, type SQL } from 'drizzle-orm';
import type { SellerDashboard } from '@pricehub/shared/schemas/dashboard';
import { queryItems, queryRows, type Db } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { accountNamesSql, storeNameSql } from '../accounts/queries';
import { listingsSql } from '../catalog/stock';

/**
 * What other modules may read of orders (decision 023): complaints and reviews check an order is the customer's,
 * the seller's dashboard and the store rating read a store's sales. Each is a function or, where the caller's
 * statement must stay one round trip, a SQL expression for its select.
 */

/** Who placed the order and which store sells it, or undefined for an unknown id. */
export async function orderParties(
  db: Db,
  orderId: string,
): Promise<Pick<typeof orders.$inferSelect, 'id' | 'customerId' | 'storeId'> | undefined> {
  const [order] = await db
    .select({ id: orders.id, customerId: orders.customerId, storeId: orders.storeId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** An order's payment as an operator's refund sees it: the card provider and its reference when paid online. */
export type OrderPayment = Pick<typeof orders.$inferSelect, 'id' | 'total' | 'paymentMethod' | 'paymentStatus'> & {
  provider: string | null;
  providerRef: string | null;
};

/** SQL: json {id, total, paymentMethod, paymentStatus, provider} of order `orderId` (provider null when unpaid). */
export const orderPaymentSql = (orderId: SQL) =>
  sql<Omit<OrderPayment, 'providerRef'>>`(select json_build_object('id', o.id, 'total', o.total,
      'paymentMethod', o.payment_method, 'paymentStatus', o.payment_status, 'provider', p.provider)
    from orders o left join payments p on p.id = o.payment_id where o.id = ${orderId})`;

/** Order `orderId` and its payment, the order locked for this transaction (a refund changes it). */
export async function lockOrderPayment(tx: Db, orderId: string): Promise<OrderPayment | undefined> {
  const [row] = await queryRows<OrderPayment>(
    tx,
    sql`select o.id, o.total, o.payment_method as "paymentMethod", o.payment_status as "paymentStatus", p.provider,
               p.provider_ref as "providerRef"
        from orders o left join payments p on p.id = o.payment_id
        where o.id = ${orderId}
        for update of o`,
  );
  return row;
}

/** The order's payment is given back: an accepted return, or an operator's refund of an escalated complaint. */
export async function markOrderRefunded(tx: Db, orderId: string, now: Date): Promise<void> {
  await tx.execute(sql`update orders set payment_status = 'refunded', updated_at = ${now} where id = ${orderId}`);
}

/**
 * SQL: true when order `o` (an alias) counts as trade: placed, not cancelled, and not an online payment still open or
 * given up. GMV is the totals of such orders (shipping and discounts included, as the shopper paid).
 */
const traded = (o: string) =>
  sql.raw(`${o}.status <> 'Cancelled' and ${o}.payment_status not in ('pending', 'expired')`);

/** The platform's trade on each UTC day from `first` to `today` (YYYY-MM-DD), days without orders included (as 0). */
export function tradeByDay(
  db: Db,
  first: string,
  today: string,
): Promise<{ date: string; orders: number; gmv: number | string }[]> {
  return queryRows<{ date: string; orders: number; gmv: number | string }>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as date, count(o.id)::int as orders, coalesce(sum(o.total), 0)::bigint as gmv
        from generate_series(${first}::date, ${today}::date, interval '1 day') d(day)
        left join orders o on (o.created_at at time zone 'UTC')::date = d.day::date and ${traded('o')}
        group by d.day order by d.day`,
  );
}

/** SQL for an `in`: the ids of the stores that traded since `since`. */
export const tradingStoresSql = (since: Date) =>
  sql`(select o.store_id from orders o where o.created_at >= ${since} and ${traded('o')})`;

/** SQL: json {orders, gmv} of store `storeId`'s trade since `since`. */
export const storeTradeSql = (storeId: SQL, since: Date) =>
  sql<{ orders: number; gmv: number }>`(select json_build_object('orders', count(*)::int,
      'gmv', coalesce(sum(o.total), 0)::bigint)
    from orders o where o.store_id = ${storeId} and o.created_at >= ${since} and ${traded('o')})`;

/** SQL: store `storeId`'s GMV since `since` (the operator's Sellers page sorts by it). */
export const storeGmvSql = (storeId: SQL, since: Date) =>
  sql`(select coalesce(sum(o.total), 0) from orders o
       where o.store_id = ${storeId} and o.created_at >= ${since} and ${traded('o')})`;

type OrderStatus = (typeof orders.$inferSelect)['status'];

/** The customer's own order with their name and its store, or undefined when it is not theirs (or does not exist). */
export async function customerOrderStatus(
  db: Db,
  customerId: number,
  orderId: string,
): Promise<{ status: OrderStatus; customerName: string; storeId: number } | undefined> {
  const [order] = await queryRows<{ status: OrderStatus; customerName: string; storeId: number }>(
    db,
    sql`select o.status, a.name as "customerName", o.store_id as "storeId"
        from orders o join ${accountNamesSql} a on a.id = o.customer_id
        where o.id = ${orderId} and o.customer_id = ${customerId}`,
  );
  return order;
}

/** An order line to review, with the catalogue product of its listing (null once the listing is gone). */
export type ReviewableLine = Pick<typeof orderLines.$inferSelect, 'id' | 'reviewed'> & { productId: number | null };

/**
 * The order's line a review body names (its listing id, or that listing's catalogue product), locked for the review's
 * transaction: an exact listing first, then a line not yet reviewed.
 */
export async function lockLineToReview(
  tx: Db,
  orderId: string,
  productId: number,
): Promise<ReviewableLine | undefined> {
  const [line] = await queryRows<ReviewableLine>(
    tx,
    sql`select ol.id, ol.reviewed, l.product_id as "productId"
        from order_lines ol left join ${listingsSql} l on l.id = ol.listing_id
        where ol.order_id = ${orderId} and (ol.listing_id = ${productId} or l.product_id = ${productId})
        order by (ol.listing_id = ${productId}) desc, ol.reviewed, ol.id
        limit 1
        for update of ol`,
  );
  return line;
}

export async function markLineReviewed(tx: Db, lineId: number): Promise<void> {
  await tx.update(orderLines).set({ reviewed: true }).where(eq(orderLines.id, lineId));
}

/** A store's sales as the seller's dashboard shows them; the rest of the dashboard is other modules' figures. */
export type StoreSales = Pick<SellerDashboard, 'salesByMonth' | 'recentOrders'> & {
  revenueThisMonth: number;
  orders: number;
};

/**
 * SQL: store `storeId`'s sales as json (StoreSales, its revenue sums as bigint). Months are UTC calendar months; the
 * 12-month series comes from generate_series so months without sales still appear (as 0). Cancelled orders earn
 * nothing and are left out of revenue, counts and the monthly series; the recent orders show every status.
 */
export function storeSalesSql(storeId: number, now: Date, recentOrders: number): SQL {
  return sql`(
      with
        this_month as (select date_trunc('month', (${now}::timestamptz at time zone 'UTC')) as start),
        live_orders as (
          select id, total, (created_at at time zone 'UTC') as created_utc
          from orders where store_id = ${storeId} and status <> 'Cancelled'
        ),
        months as (
          select generate_series((select start from this_month) - interval '11 months', (select start from this_month),
                                 interval '1 month') as start
        ),
        monthly as (
          select m.start, coalesce(sum(o.total), 0)::bigint as revenue, count(o.id)::int as orders
          from months m
          left join live_orders o on o.created_utc >= m.start and o.created_utc < m.start + interval '1 month'
          group by m.start
        )
      select json_build_object(
        'revenueThisMonth', (select coalesce(sum(total), 0)::bigint from live_orders
                             where created_utc >= (select start from this_month)),
        'orders', (select count(*)::int from live_orders),
        'salesByMonth', (select json_agg(json_build_object(
                            'month', to_char(start, 'YYYY-MM'),
                            'label', to_char(start, 'Mon YYYY'),
                            'revenue', revenue,
                            'orders', orders) order by start)
                         from monthly),
        'recentOrders', coalesce((select json_agg(json_build_object(
                                    'orderId', o.id, 'customer', a.name, 'total', o.total,
                                    'status', o.status, 'createdAt', o.created_at) order by o.created_at desc, o.id desc)
                                  from (select * from orders where store_id = ${storeId}
                                        order by created_at desc, id desc limit ${recentOrders}) o
                                  join ${accountNamesSql} a on a.id = o.customer_id), '[]'::json)
      ))`;
}

/**
 * The columns of orders that may show one of our uploads: media keeps a file while one of them mentions it. An order
 * shows the image its listing had when it was bought, long after the listing changed or went.
 */
export const orderUploadColumns = [orderLines.image];

// ── an account's data export and deletion (modules/account-data) ─────────────────────────────────

/** Whose orders: a customer's (those they placed) or a store's (those it sold). */
export type OrderParty = { customerId: number } | { storeId: number };

const ofParty = (of: OrderParty, alias: SQL) =>
  'customerId' in of ? sql`${alias}.customer_id = ${of.customerId}` : sql`${alias}.store_id = ${of.storeId}`;

/** A return is the customer's through its order (`o`), and the store's by its own store id (`r`). */
const returnOfParty = (of: OrderParty) => ofParty(of, 'customerId' in of ? sql`o` : sql`r`);

const orderFields = sql`'orderId', o.id, 'status', o.status, 'paymentMethod', o.payment_method,
  'paymentStatus', o.payment_status, 'subtotal', o.subtotal, 'shippingFee', o.shipping_fee, 'discount', o.discount,
  'total', o.total, 'promoCode', o.promo_code, 'createdAt', o.created_at, 'updatedAt', o.updated_at,
  'lines', (select coalesce(json_agg(json_build_object('listingId', ol.listing_id, 'name', ol.name,
      'unitPrice', ol.unit_price, 'quantity', ol.quantity, 'reviewed', ol.reviewed) order by ol.id), '[]'::json)
    from order_lines ol where ol.order_id = o.id)`;

/**
 * The orders as their customer downloads them (with the store's name and the address shipped to), or as a store
 * downloads its sales records (without the buyer's name or address), oldest first.
 */
export function exportOrders(db: Db, of: OrderParty): Promise<unknown[]> {
  const customerFields =
    'customerId' in of
      ? sql`, 'store', ${storeNameSql(sql`o.store_id`)}->>'name', 'shippingAddress', o.shipping_address`
      : sql``;
  return queryItems(
    db,
    sql`select json_build_object(${orderFields}${customerFields}) as item from orders o
        where ${ofParty(of, sql`o`)} order by o.created_at, o.id`,
  );
}

/** The returns of the customer's orders, or of the store's, as their owner downloads them, oldest first. */
export function exportReturns(db: Db, of: OrderParty): Promise<unknown[]> {
  return queryItems(
    db,
    sql`select json_build_object('orderId', r.order_id, 'status', r.status, 'reason', r.reason,
          'decisionReason', r.decision_reason, 'refundAmount', r.refund_amount, 'createdAt', r.created_at,
          'decidedAt', r.decided_at) as item
        from returns r join orders o on o.id = r.order_id
        where ${returnOfParty(of)} order by r.created_at, r.id`,
  );
}

/** The customer's payments as they download them, oldest first. */
export function exportPayments(db: Db, customerId: number): Promise<unknown[]> {
  return queryItems(
    db,
    sql`select json_build_object('id', id, 'provider', provider, 'amount', amount, 'status', status,
          'createdAt', created_at) as item
        from payments where customer_id = ${customerId} order by created_at, id`,
  );
}

/** Orders still to be delivered: their seller needs the address, and the customer the goods. */
const IN_PROGRESS = sql`('Booked', 'Accepted', 'Shipped')`;

/** Up to 10 of the customer's or the store's orders still in progress, by id: an account is not deleted then. */
export async function ordersInProgress(tx: Db, of: OrderParty): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select o.id from orders o where ${ofParty(of, sql`o`)} and o.status in ${IN_PROGRESS} order by o.id limit 10`,
  );
  return rows.map((r) => r.id);
}

/** Up to 10 orders of the customer's or the store's whose return waits for an answer, by id. */
export async function ordersAwaitingReturn(tx: Db, of: OrderParty): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select distinct r.order_id as id from returns r join orders o on o.id = r.order_id
        where ${returnOfParty(of)} and r.status = 'Requested' order by 1 limit 10`,
  );
  return rows.map((r) => r.id);
}

/** The orders, which the shop must keep, keep no address of a deleted customer: `replacement` says so instead. */
export async function eraseShippingAddresses(tx: Db, customerId: number, replacement: string): Promise<void> {
  await tx.execute(sql`update orders set shipping_address = ${replacement} where customer_id = ${customerId}`);
}

/** SQL: the ids of the orders the customer placed, for an `in (…)`. */
export const customerOrderIdsSql = (customerId: number) =>
  sql`(select id from orders where customer_id = ${customerId})`;
