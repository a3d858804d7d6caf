import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod } from '@pricehub/shared/schemas/checkout';
import { queryRows, type Db } from '../../../db/client';
import { pgCode } from '../../../db/errors';
import { listings } from '../../../db/schema';
import { lockedAccountIdSql, storesSql } from '../../accounts/queries';
import { takenCartSql } from '../../cart/queries';
import type { CartRow } from '../../cart/service';
import { activeSaleSql, type ActiveSale } from '../../sales/pricing';
import { inListingLockOrder } from '../repository';

/** A cart line as checkout takes it, with its sale. */
export type TakenLine = CartRow & { sale: ActiveSale | null };

/**
 * Checkout's first statement, on the buyer's account row lock: the cart's lines with their sales (emptied when
 * `empty`, undone if the checkout is refused), oldest line first, and the ids of the orders it may make ("SG" + a
 * number of `order_number_seq`), one per store, given in the order the cart has the stores.
 *
 * The lock (FOR NO KEY UPDATE: the foreign keys of the rows checkout writes take KEY SHARE locks, which it does not
 * block) makes two checkouts of one customer run one after the other, so what they hold unpaid is counted by the
 * next statement (writeOrders) after the other has committed: a parallel burst cannot slip past the caps. It is
 * taken first, in an InitPlan, before any cart row: account, then cart, as deleting an account does.
 */
export async function takeCart(
  tx: Db,
  customerId: number,
  now: Date,
  empty: boolean,
): Promise<{ lines: TakenLine[]; orderIds: Map<number, string> }> {
  const owner = lockedAccountIdSql(customerId);
  const taken = takenCartSql(owner, empty);
  // A number per line, which is as cheap as one per store (a cart rarely holds two lines of one store); the numbers
  // left over are gaps, as a rolled-back checkout leaves.
  const rows = await queryRows<TakenLine & { number: number }>(
    tx,
    sql`with taken as (${taken})
        select l.id as "listingId", l.product_id as "catalogProductId", l.name, l.image, l.brand, l.price,
               l.quantity as "stockQuantity", l.stock as "stockStatus", t.quantity, s.id as "storeId",
               s.slug as "storeSlug", s.name as "storeName", s.status as "storeStatus",
               ${activeSaleSql(sql`l.id`, now)} as sale, nextval('order_number_seq')::int as number
        from taken t join listings l on l.id = t.listing_id join ${storesSql} s on s.id = l.store_id
        order by t.added_at, l.id`,
  );
  const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
  const orderIds = new Map<number, string>();
  for (const row of rows) if (!orderIds.has(row.storeId)) orderIds.set(row.storeId, `SG${numbers[orderIds.size]}`);
  return { lines: rows.map(({ number: _number, ...line }) => line), orderIds };
}

export interface NewOrder {
  id: string;
  storeId: number;
  subtotal: number;
  shippingFee: number;
  discount: number;
  total: number;
  promoCode: string | null;
  lines: { listingId: number; name: string; image: string; unitPrice: number; quantity: number }[];
}

/** The payment an online checkout waits for. */
export interface NewPayment {
  id: string;
  provider: string;
  amount: number;
  expiresAt: Date;
}

export interface NewOrdersInput {
  customerId: number;
  /** Online checkouts: the payment the orders wait for, written with them. */
  payment: NewPayment | null;
  paymentMethod: PaymentMethod;
  shippingAddress: string;
  now: Date;
  orders: NewOrder[];
  /** Further writes sent in the same statement (`name as (…)` CTEs), e.g. the orders' announcement. */
  alongside?: SQL;
}

/** What the customer held unpaid before this checkout (rules/order-limits.ts). */
export interface Held {
  unpaidOnline: number;
  bookedCash: number;
}

/**
 * Writes one Booked order per seller, all their lines, the payment they wait for (online) and `alongside`, in a
 * single statement, and answers what
 * the customer already held unpaid: online checkouts waiting for payment and cash-on-delivery orders no seller has
 * accepted. The counts read the statement's snapshot, which does not include its own writes, and which was taken
 * after takeCart locked the account; a checkout the caps refuse is rolled back. One round trip instead of five
 * matters when many buyers queue for the same product.
 */
export async function writeOrders(tx: Db, input: NewOrdersInput): Promise<Held> {
  // `n` keeps the given order: lines are listed in the order the cart had them.
  const orders = input.orders.map(({ lines: _lines, ...order }) => order);
  const lines = input.orders.flatMap((o) => o.lines.map((l) => ({ orderId: o.id, ...l }))).map((l, n) => ({ ...l, n }));
  const paymentStatus = input.paymentMethod === 'online' ? 'pending' : 'not_required';
  const at = input.now.toISOString();
  const payment = input.payment;
  const paid = payment
    ? sql`, p as (
          insert into payments (id, customer_id, provider, amount, status, created_at, expires_at)
          values (${payment.id}, ${input.customerId}, ${payment.provider}, ${payment.amount}, 'pending',
                  ${at}::timestamptz, ${payment.expiresAt.toISOString()}::timestamptz)
        )`
    : sql``;
  const [held] = await queryRows<Held>(
    tx,
    sql`with held as (
          select (select count(*)::int from payments
                  where customer_id = ${input.customerId} and status = 'pending'
                    and expires_at > ${at}::timestamptz) as "unpaidOnline",
                 (select count(*)::int from orders
                  where customer_id = ${input.customerId} and status = 'Booked'
                    and payment_method = 'cashOnDel') as "bookedCash"
        ), o as (
          insert into orders (id, customer_id, store_id, payment_id, status, payment_method, payment_status,
                              subtotal, shipping_fee, discount, total, promo_code, shipping_address,
                              created_at, updated_at)
          select x.id, ${input.customerId}::int, x."storeId", ${payment?.id ?? null}::text,
                 'Booked', ${input.paymentMethod}::payment_method, ${paymentStatus}::payment_status,
                 x.subtotal, x."shippingFee", x.discount, x.total, x."promoCode", ${input.shippingAddress}::text,
                 ${at}::timestamptz, ${at}::timestamptz
          from json_to_recordset(${JSON.stringify(orders)}::json)
               as x(id text, "storeId" int, subtotal int, "shippingFee" int, discount int, total int, "promoCode" text)
        ), l as (
          insert into order_lines (order_id, listing_id, name, image, unit_price, quantity)
          select y."orderId", y."listingId", y.name, y.image, y."unitPrice", y.quantity
          from json_to_recordset(${JSON.stringify(lines)}::json)
               as y("orderId" text, "listingId" int, name text, image text, "unitPrice" int, quantity int, n int)
          order by y.n
        )${paid}${input.alongside ? sql`, ${input.alongside}` : sql``}
        select "unpaidOnline", "bookedCash" from held`,
  );
  return held!;
}

/** The SQLSTATE takeStockSql raises when a line is short (class PH: PriceHub's own). */
const SHORT_STOCK = 'PH409';

/*
 * Taking the units off the shelf. The `quantity >= n` guard is what makes overselling impossible: PostgreSQL
 * re-checks it after waiting for a concurrent buyer's row lock.
 *
 * Lock order: taking units off a listing also updates its catalogue product's summary (a trigger, when it sells
 * out), so every transaction that changes listings takes all its listing rows first, in listing id order, then the
 * catalogue products, in product id order; two checkouts (or a checkout and a cancellation) can then never wait on
 * each other in a circle. A one-line cart does that with its one update; a longer one locks its listings first.
 */

const takeUnits = (listingId: number, quantity: number) =>
  sql`update listings set quantity = quantity - ${quantity}, units_sold = units_sold + ${quantity},
        stock = case when quantity = ${quantity} then 'outofstock'::stock_status else stock end, updated_at = now()
      where id = ${listingId} and quantity >= ${quantity} and stock = 'instock'
      returning id`;

/**
 * PostgreSQL: one statement that takes every line or fails with SHORT_STOCK (and the transaction with it), so that
 * it can travel with the COMMIT: a listing row is then locked only while the update runs and the commit is flushed,
 * not over a round trip to this process as well. Ids and quantities are integers from the database, written into
 * the text: a DO block takes no parameters.
 */
function takeStockSql(rows: CartRow[]): SQL {
  const byListing = [...rows].sort((a, b) => a.listingId - b.listingId);
  const ints = (xs: number[]) => `'{${xs.map((x) => Math.trunc(x)).join(',')}}'::int[]`;
  const ids = ints(byListing.map((r) => r.listingId));
  const counts = ints(byListing.map((r) => r.quantity));
  return sql.raw(`do $$
    declare line record;
    begin
      ${byListing.length > 1 ? `perform 1 from listings where id = any(${ids}) order by id for no key update;` : ''}
      for line in select c.id, c.n from unnest(${ids}, ${counts}) as c(id, n) left join listings l on l.id = c.id
                  order by l.product_id, c.id loop
        update listings set quantity = quantity - line.n, units_sold = units_sold + line.n,
               stock = case when quantity = line.n then 'outofstock'::stock_status else stock end, updated_at = now()
         where id = line.id and quantity >= line.n and stock = 'instock';
        if not found then
          raise exception 'listing % is short', line.id using errcode = '${SHORT_STOCK}';
        end if;
      end loop;
    end $$`);
}

/**
 * PGlite: the same with prepared statements (a DO block is compiled on every run, which costs PGlite 2 ms), inside
 * its transaction; a short line fails with SHORT_STOCK too.
 */
export async function takeStock(tx: Db, rows: CartRow[]): Promise<void> {
  for (const row of await inListingLockOrder(tx, rows, (r) => r.listingId)) {
    const taken = await queryRows<{ id: number }>(tx, takeUnits(row.listingId, row.quantity));
    if (taken.length === 0) throw Object.assign(new Error(`listing ${row.listingId} is short`), { code: SHORT_STOCK });
  }
}

/** Whether checkout failed because a line was short (SHORT_STOCK, from takeStockSql or takeStock). */
export const isShortStock = (error: unknown): boolean => pgCode(error) === SHORT_STOCK;

/** PostgreSQL: opens checkout's transaction on its one connection (see takeStockAndCommit). */
export async function beginTransaction(db: Db): Promise<void> {
  await db.execute(sql`begin`);
}

/** PostgreSQL: takes the stock of `lines` and commits, in one round trip; a short line fails with SHORT_STOCK. */
export async function takeStockAndCommit(db: Db, lines: CartRow[]): Promise<void> {
  await db.execute(sql`${takeStockSql(lines)}; commit`);
}

/** PostgreSQL: undoes checkout's transaction after a failure. */
export async function rollbackTransaction(db: Db): Promise<void> {
  await db.execute(sql`rollback`);
}

/** What the shelf holds now of these listings: read after a checkout failed to take them. */
export function listingShelves(
  db: Db,
  listingIds: number[],
): Promise<Pick<typeof listings.$inferSelect, 'id' | 'quantity' | 'stock'>[]> {
  return queryRows(
    db,
    sql`select id, quantity, stock from listings where id in (${sql.join(
      listingIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}
