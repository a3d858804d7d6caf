import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod } from '@pricehub/shared/schemas/checkout';
import { queryRows, type Db } from '../../../db/client';
import { lockedAccountIdSql, storesSql } from '../../accounts/queries';
import { takenCartSql } from '../../cart/queries';
import type { CartRow } from '../../cart/service';
import {
  listingsSql,
  shelvesAfterRows,
  shelvesAfterSql,
  takeStockSql,
  type ShelfAfter,
  type ShelfRow,
} from '../../catalog/stock';
import { activeSaleSql, type ActiveSale } from '../../sales/pricing';

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
        from taken t join ${listingsSql} l on l.id = t.listing_id join ${storesSql} s on s.id = l.store_id
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

/**
 * PostgreSQL: opens checkout's transaction on its one connection (see takeStockAndCommit), in the same round trip
 * telling the server to plan its prepared statements once per connection (a generic plan). By default PostgreSQL
 * plans each of the first five runs of a statement on a connection for its values, which for takeCart and
 * writeOrders costs more than running them (0.5 ms each): in a rush on a fresh pool, every checkout paid it.
 */
export async function beginTransaction(db: Db): Promise<void> {
  await db.execute(sql`begin; set local plan_cache_mode = force_generic_plan`);
}

/**
 * PostgreSQL: takes the stock of `lines` (takeStockSql), reads their shelves after it, and commits, in one round
 * trip; a short line fails it (and the read and the commit are skipped). Answers the shelves read.
 */
export async function takeStockAndCommit(db: Db, lines: CartRow[]): Promise<ShelfAfter[]> {
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
