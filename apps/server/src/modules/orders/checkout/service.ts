import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { discounted, MAX_ORDER_TOTAL, SHIPPING_FEE } from '@pricehub/shared/rules/money';
import { holdingRefusal, PAYMENT_HOLD_MINUTES } from '@pricehub/shared/rules/order-limits';
import { cartMessages } from '@pricehub/shared/schemas/cart';
import {
  checkoutMessages,
  type CheckoutResult,
  type PaymentMethod,
  type ShortLine,
} from '@pricehub/shared/schemas/checkout';
import type { PaymentGateway } from '../../../adapters/payments/gateway';
import type { AppContext } from '../../../context';
import { queryRows, type Db } from '../../../db/client';
import { pgCode } from '../../../db/errors';
import { badRequest, conflict, HttpError } from '../../../http/errors';
import { loadCartRows, type CartRow } from '../../cart/service';
import type { Promo } from '../../promos/lookup';
import { usablePromo } from '../../promos/redeem';
import { activeSales, unitPrice, type ActiveSale } from '../../sales/pricing';
import { announcementWrites } from '../announce';
import { lockListings } from '../repository';
import { openOnlinePayment } from './payments';
import { takeCart, writeOrders, type Held } from './repository';

export { PAYMENT_HOLD_MINUTES };

export interface CheckoutRequest {
  paymentMethod: PaymentMethod;
  promoCode?: string;
  shippingAddress: string;
}

interface OrderDraft {
  storeId: number;
  subtotal: number;
  discount: number;
  total: number;
  lines: (CartRow & { unit: number })[];
}

/** An empty cart, or lines from a store that has closed or been suspended since, cannot be checked out. */
function checkBuyable(rows: CartRow[]): void {
  if (rows.length === 0) throw badRequest(checkoutMessages.cartEmpty);
  const closed = rows.filter((r) => r.storeStatus !== 'open');
  if (closed.length > 0) {
    const short: ShortLine[] = closed.map((r) => ({
      productId: r.listingId,
      name: r.name,
      requested: r.quantity,
      available: 0,
    }));
    throw conflict(cartMessages.storeClosed, undefined, { short });
  }
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
async function takeStock(tx: Db, rows: CartRow[]): Promise<void> {
  const byListing = [...rows].sort((a, b) => a.listingId - b.listingId);
  let productOf = new Map(rows.map((r) => [r.listingId, r.catalogProductId]));
  if (byListing.length > 1) {
    const locked = await lockListings(
      tx,
      byListing.map((r) => r.listingId),
    );
    productOf = new Map(locked.map((l) => [l.id, l.product_id]));
  }
  const byProduct = [...byListing].sort(
    (a, b) => (productOf.get(a.listingId) ?? 0) - (productOf.get(b.listingId) ?? 0) || a.listingId - b.listingId,
  );
  for (const row of byProduct) {
    const taken = await queryRows<{ id: number }>(tx, takeUnits(row.listingId, row.quantity));
    if (taken.length === 0) throw Object.assign(new Error(`listing ${row.listingId} is short`), { code: SHORT_STOCK });
  }
}

/** The lines of a cart the shelf cannot serve now, read after a checkout failed to take them. */
async function shortLines(db: Db, rows: CartRow[]): Promise<ShortLine[]> {
  const shelf = await queryRows<{ id: number; quantity: number; stock: string }>(
    db,
    sql`select id, quantity, stock from listings where id in (${sql.join(
      rows.map((r) => sql`${r.listingId}`),
      sql`, `,
    )})`,
  );
  const available = (id: number) => {
    const listing = shelf.find((l) => l.id === id);
    return listing && listing.stock === 'instock' ? listing.quantity : 0;
  };
  const short = rows.filter((r) => available(r.listingId) < r.quantity);
  // Restocked since it failed: the lines are still named, with what is there now.
  return (short.length > 0 ? short : rows).map((r) => ({
    productId: r.listingId,
    name: r.name,
    requested: r.quantity,
    available: available(r.listingId),
  }));
}

/**
 * Runs checkout's transaction on `db`, one connection, and takes the stock of the lines `work` answers as its last
 * step. On PostgreSQL that statement is sent with the COMMIT in one round trip (the simple query protocol runs both,
 * and skips the COMMIT if the statement fails). PGlite runs one transaction at a time, through its own
 * transaction(), which keeps every other query out of it.
 */
async function inTransaction<T>(
  ctx: AppContext,
  db: Db,
  work: (tx: Db) => Promise<{ value: T; lines: CartRow[] }>,
): Promise<T> {
  if (ctx.database.kind === 'pglite') {
    return db.transaction(async (tx) => {
      const { value, lines } = await work(tx);
      await takeStock(tx, lines);
      return value;
    });
  }
  await db.execute(sql`begin`);
  try {
    const { value, lines } = await work(db);
    await db.execute(sql`${takeStockSql(lines)}; commit`);
    return value;
  } catch (error) {
    await db.execute(sql`rollback`);
    throw error;
  }
}

/** One order per seller, priced: sale prices per unit, that seller's promo off the subtotal, shipping added. */
export function draftOrders(rows: CartRow[], sales: Map<number, ActiveSale>, promo: Promo | undefined): OrderDraft[] {
  const byStore = new Map<number, CartRow[]>();
  for (const row of rows) byStore.set(row.storeId, [...(byStore.get(row.storeId) ?? []), row]);
  return [...byStore].map(([storeId, storeRows]) => {
    const lines = storeRows.map((r) => ({ ...r, unit: unitPrice(r.price, sales.get(r.listingId)) }));
    const subtotal = lines.reduce((n, r) => n + r.unit * r.quantity, 0);
    const discount = promo && promo.storeId === storeId ? subtotal - discounted(subtotal, promo.percent) : 0;
    return { storeId, subtotal, discount, total: subtotal + SHIPPING_FEE - discount, lines };
  });
}

/** Orders and payments hold 32-bit paisa: a checkout over MAX_ORDER_TOTAL is refused before anything is written. */
function refuseOverCap(drafts: OrderDraft[]): void {
  const total = drafts.reduce((n, o) => n + o.total, 0);
  if (total > MAX_ORDER_TOTAL) throw badRequest(checkoutMessages.totalTooLarge);
}

/** The caps on what one customer may hold unpaid (rules/order-limits.ts), given what they held before this checkout. */
function refuseHoarding(input: CheckoutRequest, held: Held, newOrders: number): void {
  const refusal = holdingRefusal(input.paymentMethod, held, newOrders);
  if (refusal) throw new HttpError(409, refusal.code, refusal.message);
}

/** Lines the shopper can already see are short: refused before any row is locked. */
function refuseVisiblyShort(rows: CartRow[]): void {
  const short = rows.filter((r) => r.stockStatus === 'outofstock' || r.stockQuantity < r.quantity);
  if (short.length === 0) return;
  throw conflict(checkoutMessages.shortStock, undefined, {
    short: short.map((r) => ({
      productId: r.listingId,
      name: r.name,
      requested: r.quantity,
      available: r.stockStatus === 'outofstock' ? 0 : r.stockQuantity,
    })),
  });
}

export interface Buyer {
  id: number;
  name: string;
  email: string;
}

/**
 * Turns the customer's cart into one order per seller, in ONE transaction: the cart is read (and, for cash on
 * delivery, emptied), orders and lines written, the sellers notified, stock reserved. If any line is short,
 * nothing is written. The statements are few on purpose: in a rush on one listing, buyers who can already see it
 * is gone are refused after one read, and the rest hold the listing row only for the commit.
 */
export async function checkout(ctx: AppContext, buyer: Buyer, input: CheckoutRequest): Promise<CheckoutResult> {
  const gateway = input.paymentMethod === 'online' ? ctx.payments.checkout : null;
  if (input.paymentMethod === 'online' && !gateway) throw conflict(checkoutMessages.onlineUnavailable);
  const placed = await ctx.database.onOneConnection(async (db) => {
    // A first look, on the connection the transaction will use, just before it starts: a buyer who can already
    // see the listing is gone is refused after one read, without a transaction opened and rolled back.
    const cart = await loadCartRows(db, buyer.id);
    checkBuyable(cart);
    refuseVisiblyShort(cart);
    return placeOrders(ctx, db, buyer, input, gateway);
  });

  const result: CheckoutResult = {
    orders: placed.created.map(({ orderId, total }) => ({ orderId, total, status: 'Booked' })),
  };
  if (placed.payment && gateway) {
    result.paymentId = placed.payment.id;
    result.redirectUrl = await openOnlinePayment(ctx, gateway, {
      paymentId: placed.payment.id,
      customerEmail: buyer.email,
      orders: placed.created.map(({ orderId, total, store }) => ({ orderId, total, storeName: store.name })),
      expiresAt: placed.payment.expiresAt,
    });
  }
  return result;
}

type PricedCart = { rows: CartRow[]; sales: Map<number, ActiveSale> };

export async function cartWithSales(tx: Db, customerId: number, now: Date): Promise<PricedCart> {
  const rows = await loadCartRows(tx, customerId);
  return {
    rows,
    sales: await activeSales(
      tx,
      rows.map((r) => r.listingId),
      now,
    ),
  };
}

/**
 * The orders themselves, in one transaction on `db` of four statements: the cart taken (on the account's lock), the
 * orders written with their announcement (and what the buyer held unpaid counted), the stock taken, the commit.
 * Online orders wait for a payment at `gateway`.
 */
async function placeOrders(
  ctx: AppContext,
  db: Db,
  buyer: Buyer,
  input: CheckoutRequest,
  gateway: PaymentGateway | null,
) {
  const now = ctx.now();
  const online = gateway !== null;
  let bought: CartRow[] = [];
  try {
    return await inTransaction(ctx, db, async (tx) => {
      // An online cart stays until it is paid for; cash on delivery empties it here (undone if refused).
      const { lines: rows, orderIds } = await takeCart(tx, buyer.id, now, !online);
      bought = rows;
      checkBuyable(rows);
      refuseVisiblyShort(rows);
      const sales = new Map(rows.flatMap((r) => (r.sale ? [[r.listingId, r.sale] as const] : [])));
      const promo = input.promoCode
        ? await usablePromo(tx, input.promoCode, new Set(rows.map((r) => r.storeId)), now)
        : undefined;
      const drafts = draftOrders(rows, sales, promo);
      refuseOverCap(drafts);

      const payment = gateway
        ? {
            id: `pay_${randomBytes(12).toString('hex')}`,
            provider: gateway.provider,
            amount: drafts.reduce((n, o) => n + o.total, 0),
            expiresAt: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000),
          }
        : null;
      const created = drafts.map((o) => ({
        orderId: orderIds.get(o.storeId)!,
        storeId: o.storeId,
        store: { slug: o.lines[0]!.storeSlug, name: o.lines[0]!.storeName },
        customer: { name: buyer.name, email: buyer.email },
        lines: o.lines.map((l) => ({ name: l.name, quantity: l.quantity, lineTotal: l.unit * l.quantity })),
        subtotal: o.subtotal,
        shippingFee: SHIPPING_FEE,
        discount: o.discount,
        total: o.total,
        promoCode: o.discount > 0 && promo ? promo.code : null,
        paymentMethod: input.paymentMethod,
        shippingAddress: input.shippingAddress,
      }));
      const held = await writeOrders(tx, {
        customerId: buyer.id,
        payment,
        paymentMethod: input.paymentMethod,
        shippingAddress: input.shippingAddress,
        now,
        orders: drafts.map((o, i) => ({
          id: created[i]!.orderId,
          storeId: o.storeId,
          subtotal: o.subtotal,
          shippingFee: SHIPPING_FEE,
          discount: o.discount,
          total: o.total,
          promoCode: created[i]!.promoCode,
          lines: o.lines.map((l) => ({
            listingId: l.listingId,
            name: l.name,
            image: l.image,
            unitPrice: l.unit,
            quantity: l.quantity,
          })),
        })),
        // Online orders are announced once paid (payments.ts).
        alongside: online ? undefined : sql`, ${announcementWrites(ctx, created)}`,
      });
      refuseHoarding(input, held, drafts.length);

      // Stock last: the listing rows stay locked only until the commit, so buyers of the same listing queue for as
      // short a time as possible. A short line rolls back everything written above.
      return { value: { created, payment }, lines: rows };
    });
  } catch (error) {
    if (pgCode(error) !== SHORT_STOCK) throw error;
    throw conflict(checkoutMessages.shortStock, undefined, { short: await shortLines(db, bought) });
  }
}
