import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod } from '@pricehub/shared/schemas/checkout';
import { intsParam, queryRows, type Db } from '../../../db/client';
import { accountsLockedSql, storesSql } from '../../accounts/queries';
import { boughtLinesDeleteSql, lockedCartsSql } from '../../cart/queries';
import type { CartRow } from '../../cart/service';
import {
  listingsSql,
  lockListingsSql,
  shelvesAfterRows,
  shelvesAfterSql,
  takeStockSql,
  type ListingUnits,
  type ShelfAfter,
  type ShelfRow,
} from '../../catalog/stock';
import { activeSaleSql, type ActiveSale } from '../../sales/pricing';

/** A cart line as checkout takes it, with its sale. */
export type TakenLine = CartRow & { sale: ActiveSale | null };

/** What a customer held unpaid before this checkout (rules/order-limits.ts). */
export interface Held {
  unpaidOnline: number;
  bookedCash: number;
}

/**
 * A buyer's cart as checkout takes it: its lines, oldest first; the ids its orders may have, one per store in the
 * order the cart has the stores ("SG" + a number of `order_number_seq`); and what the buyer already held unpaid.
 */
export interface TakenCart {
  lines: TakenLine[];
  orderIds: Map<number, string>;
  held: Held;
}

/**
 * Checkout's first statement: locks the buyers' accounts, in id order, then listings `listingIds` (the ones their
 * first looks saw in their carts), in id order, until the transaction ends.
 *
 * The account locks (FOR NO KEY UPDATE: the foreign keys of the rows checkout writes take KEY SHARE locks, which it
 * does not block) make two checkouts of one customer run one after the other, so what they hold unpaid is counted by
 * the next statement (takeCarts), after the other has committed: a parallel burst cannot slip past the caps. The
 * listing locks keep every other checkout off these shelves while this one decides who gets what: takeCarts then
 * reads what they hold, and no one can change it before the commit. Every checkout takes accounts before listings,
 * each in id order, so two of them never wait on each other in a circle.
 */
export async function lockCheckout(tx: Db, customerIds: number[], listingIds: number[]): Promise<void> {
  await tx.execute(lockListingsSql(intsParam(listingIds), accountsLockedSql(intsParam(customerIds))));
}

/**
 * The carts of `customerIds`, each line with its listing, store and sale, locked until the commit (a change of
 * quantity waits for checkout), with the ids their orders may have and what each customer held unpaid, counted
 * after lockCheckout took their accounts. A customer with an empty cart has no entry.
 */
export async function takeCarts(tx: Db, customerIds: number[], now: Date): Promise<Map<number, TakenCart>> {
  const at = now.toISOString();
  // A number per line, which is as cheap as one per store (a cart rarely holds two lines of one store); the numbers
  // left over are gaps, as a rolled-back checkout leaves. What each customer holds is counted once, and repeated on
  // each line of their cart.
  const rows = await queryRows<TakenLine & Held & { customerId: number; number: number }>(
    tx,
    sql`with taken as (${lockedCartsSql(intsParam(customerIds))}),
        held as materialized (
          select b.customer_id,
                 (select count(*)::int from payments
                  where customer_id = b.customer_id and status = 'pending'
                    and expires_at > ${at}::timestamptz) as "unpaidOnline",
                 (select count(*)::int from orders
                  where customer_id = b.customer_id and status = 'Booked'
                    and payment_method = 'cashOnDel') as "bookedCash"
          from (select distinct customer_id from taken) b
        )
        select t.customer_id as "customerId", l.id as "listingId", l.product_id as "catalogProductId", l.name,
               l.image, l.brand, l.price, l.quantity as "stockQuantity", l.stock as "stockStatus", t.quantity,
               s.id as "storeId", s.slug as "storeSlug", s.name as "storeName", s.status as "storeStatus",
               ${activeSaleSql(sql`l.id`, now)} as sale, nextval('order_number_seq')::int as number,
               h."unpaidOnline", h."bookedCash"
        from taken t join held h on h.customer_id = t.customer_id
             join ${listingsSql} l on l.id = t.listing_id join ${storesSql} s on s.id = l.store_id
        order by t.customer_id, t.added_at, l.id`,
  );
  const carts = new Map<number, TakenCart>();
  const numbers = new Map<TakenCart, number[]>();
  for (const { customerId, number, unpaidOnline, bookedCash, ...line } of rows) {
    let cart = carts.get(customerId);
    if (!cart) {
      cart = { lines: [], orderIds: new Map(), held: { unpaidOnline, bookedCash } };
      carts.set(customerId, cart);
      numbers.set(cart, []);
    }
    cart.lines.push(line);
    numbers.get(cart)!.push(number);
  }
  for (const [cart, drawn] of numbers) {
    drawn.sort((a, b) => a - b);
    for (const line of cart.lines) {
      if (!cart.orderIds.has(line.storeId)) cart.orderIds.set(line.storeId, `SG${drawn[cart.orderIds.size]}`);
    }
  }
  return carts;
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

/** One buyer's checkout as it is written: one order per seller. */
export interface NewCheckout {
  customerId: number;
  /** Online checkouts: the payment the orders wait for, written with them. */
  payment: NewPayment | null;
  paymentMethod: PaymentMethod;
  shippingAddress: string;
  orders: NewOrder[];
  /** Cash on delivery: the cart lines it bought (listing ids), taken out of the cart. */
  emptied: number[];
}

/**
 * Writes the checkouts of a batch in a single statement, however many buyers it holds: one Booked order per seller,
 * all their lines, the payments they wait for (online), the cart lines a cash-on-delivery checkout bought, and
 * `alongside` (further writes as `name as (…)` CTEs, e.g. the orders' announcement). One round trip instead of five
 * per buyer matters when many buyers queue for the same product.
 */
export async function writeOrders(tx: Db, checkouts: NewCheckout[], now: Date, alongside?: SQL): Promise<void> {
  const at = now.toISOString();
  const orders = checkouts.flatMap((c) =>
    c.orders.map(({ lines: _lines, ...order }) => ({
      ...order,
      customerId: c.customerId,
      paymentId: c.payment?.id ?? null,
      paymentMethod: c.paymentMethod,
      paymentStatus: c.paymentMethod === 'online' ? 'pending' : 'not_required',
      shippingAddress: c.shippingAddress,
    })),
  );
  // `n` keeps the given order: lines are listed in the order the cart had them.
  const lines = checkouts
    .flatMap((c) => c.orders.flatMap((o) => o.lines.map((l) => ({ orderId: o.id, ...l }))))
    .map((l, n) => ({ ...l, n }));
  const payments = checkouts.flatMap((c) =>
    c.payment ? [{ ...c.payment, customerId: c.customerId, expiresAt: c.payment.expiresAt.toISOString() }] : [],
  );
  const emptied = checkouts.flatMap((c) => c.emptied.map((listingId) => ({ customerId: c.customerId, listingId })));
  const writes = [
    sql`o as (
          insert into orders (id, customer_id, store_id, payment_id, status, payment_method, payment_status,
                              subtotal, shipping_fee, discount, total, promo_code, shipping_address,
                              created_at, updated_at)
          select x.id, x."customerId", x."storeId", x."paymentId", 'Booked', x."paymentMethod"::payment_method,
                 x."paymentStatus"::payment_status, x.subtotal, x."shippingFee", x.discount, x.total, x."promoCode",
                 x."shippingAddress", ${at}::timestamptz, ${at}::timestamptz
          from json_to_recordset(${JSON.stringify(orders)}::json)
               as x(id text, "customerId" int, "storeId" int, "paymentId" text, "paymentMethod" text,
                    "paymentStatus" text, subtotal int, "shippingFee" int, discount int, total int, "promoCode" text,
                    "shippingAddress" text)
        )`,
    sql`l as (
          insert into order_lines (order_id, listing_id, name, image, unit_price, quantity)
          select y."orderId", y."listingId", y.name, y.image, y."unitPrice", y.quantity
          from json_to_recordset(${JSON.stringify(lines)}::json)
               as y("orderId" text, "listingId" int, name text, image text, "unitPrice" int, quantity int, n int)
          order by y.n
        )`,
  ];
  if (payments.length > 0) {
    writes.push(sql`p as (
          insert into payments (id, customer_id, provider, amount, status, created_at, expires_at)
          select z.id, z."customerId", z.provider, z.amount, 'pending', ${at}::timestamptz, z."expiresAt"
          from json_to_recordset(${JSON.stringify(payments)}::json)
               as z(id text, "customerId" int, provider text, amount int, "expiresAt" timestamptz)
        )`);
  }
  if (emptied.length > 0) {
    const bought = sql`(select "customerId" as customer_id, "listingId" as listing_id
                        from json_to_recordset(${JSON.stringify(emptied)}::json) as e("customerId" int, "listingId" int))`;
    writes.push(sql`e as (${boughtLinesDeleteSql(bought)})`);
  }
  if (alongside) writes.push(alongside);
  await tx.execute(sql`with ${sql.join(writes, sql`, `)} select 1`);
}

/**
 * PostgreSQL: opens checkout's transaction on its one connection (see takeStockAndCommit), in the same round trip
 * telling the server to plan its prepared statements once per connection (a generic plan). By default PostgreSQL
 * plans each of the first five runs of a statement on a connection for its values, which for takeCarts and
 * writeOrders costs more than running them (0.5 ms each): in a rush on a fresh pool, every checkout paid it.
 */
export async function beginTransaction(db: Db): Promise<void> {
  await db.execute(sql`begin; set local plan_cache_mode = force_generic_plan`);
}

/**
 * PostgreSQL: takes the stock of `lines` (takeStockSql), reads their shelves after it, and commits, in one round
 * trip; a short line fails it (and the read and the commit are skipped). Answers the shelves read.
 */
export async function takeStockAndCommit(db: Db, lines: ListingUnits[]): Promise<ShelfAfter[]> {
  if (lines.length === 0) {
    await db.execute(sql`commit`);
    return [];
  }
  const results = (await db.execute(sql`${takeStockSql(lines)}; ${shelvesAfterSql(lines)}; commit`)) as unknown as {
    command: string;
    rows: ShelfRow[];
  }[];
  return shelvesAfterRows(results.find((r) => r.command === 'SELECT')?.rows ?? []);
}

/** PostgreSQL: undoes checkout's transaction after a failure. */
export async function rollbackTransaction(db: Db): Promise<void> {
  await db.execute(sql`rollback`);
}
