import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { discounted, MAX_ORDER_TOTAL, SHIPPING_FEE } from '@pricehub/shared/rules/money';
import { holdingRefusal, PAYMENT_HOLD_MINUTES } from '@pricehub/shared/rules/order-limits';
import { cartMessages } from '@pricehub/shared/schemas/cart';
import {
  checkoutMessages,
  type CheckoutResult,
  type PaymentMethod,
  type ShortLine,
} from '@pricehub/shared/schemas/checkout';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { payments } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../http/errors';
import { loadCartRows, takeCartRows, type CartRow } from '../cart/service';
import { announceOrders } from '../notifications/announce';
import type { Promo } from '../promos/lookup';
import { usablePromo } from '../promos/redeem';
import { activeSales, unitPrice, type ActiveSale } from '../sales/pricing';
import { openOnlinePayment } from './payments';
import { lockListings } from '../orders/repository';
import { insertOrders } from './repository';

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

/**
 * Takes the units off the shelf. The `quantity >= n` guard is what makes overselling impossible: PostgreSQL
 * re-checks it after waiting for a concurrent buyer's row lock. Answers the lines that were short.
 *
 * Lock order: taking units off a listing also updates its catalogue product's summary (units sold, stock: a
 * trigger), so every transaction that changes listings takes all its listing rows first, in listing id order,
 * then the catalogue products, in product id order; two checkouts (or a checkout and a cancellation) can then
 * never wait on each other in a circle. A one-line cart does that with its one update; a longer one locks its
 * listings first (and learns from them which lines are short, without touching anything).
 */
async function reserveStock(tx: Db, rows: CartRow[]): Promise<ShortLine[]> {
  const byListing = [...rows].sort((a, b) => a.listingId - b.listingId);
  let productOf = new Map(rows.map((r) => [r.listingId, r.catalogProductId]));
  if (byListing.length > 1) {
    const locked = await lockListings(
      tx,
      byListing.map((r) => r.listingId),
    );
    const shelf = new Map(locked.map((l) => [l.id, l]));
    const short = byListing
      .map((r) => ({ row: r, listing: shelf.get(r.listingId) }))
      .filter(({ row, listing }) => !listing || listing.stock !== 'instock' || listing.quantity < row.quantity)
      .map(({ row, listing }) => ({
        productId: row.listingId,
        name: row.name,
        requested: row.quantity,
        available: listing && listing.stock === 'instock' ? listing.quantity : 0,
      }));
    if (short.length > 0) return short;
    productOf = new Map(locked.map((l) => [l.id, l.product_id]));
  }
  const short: ShortLine[] = [];
  const byProduct = [...byListing].sort(
    (a, b) => productOf.get(a.listingId)! - productOf.get(b.listingId)! || a.listingId - b.listingId,
  );
  for (const row of byProduct) {
    const updated = await queryRows<{ id: number }>(
      tx,
      sql`update listings set quantity = quantity - ${row.quantity}, units_sold = units_sold + ${row.quantity},
            stock = case when quantity - ${row.quantity} = 0 then 'outofstock'::stock_status else stock end,
            updated_at = now()
          where id = ${row.listingId} and quantity >= ${row.quantity} and stock = 'instock'
          returning id`,
    );
    if (updated.length === 0) {
      short.push({ productId: row.listingId, name: row.name, requested: row.quantity, available: 0 });
    }
  }
  if (short.length > 0) {
    const now = await queryRows<{ id: number; quantity: number; stock: string }>(
      tx,
      sql`select id, quantity, stock from listings where id in (${sql.join(
        short.map((s) => sql`${s.productId}`),
        sql`, `,
      )})`,
    );
    for (const s of short) {
      const l = now.find((r) => r.id === s.productId);
      s.available = l && l.stock === 'instock' ? l.quantity : 0;
    }
  }
  return short;
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

/**
 * What the customer already holds without having paid (rules/order-limits.ts): online checkouts waiting for payment
 * and cash-on-delivery orders no seller has accepted. Locks the customer's account row until the commit, so two
 * checkouts of one customer count one after the other and a parallel burst cannot slip past the caps. (FOR NO KEY
 * UPDATE: the foreign keys of the rows this checkout writes take KEY SHARE locks on it, which this does not block.)
 */
async function refuseHoarding(tx: Db, buyerId: number, input: CheckoutRequest, newOrders: number, now: Date) {
  await tx.execute(sql`select 1 from accounts where id = ${buyerId} for no key update`);
  // Counted in a statement of its own: under READ COMMITTED a statement sees what was committed when it began, so
  // counts taken in the locking statement would miss what the checkout we waited for has just committed.
  const [held] = await queryRows<{ unpaid_online: number; booked_cash: number }>(
    tx,
    sql`select (select count(*)::int from payments
                where customer_id = ${buyerId} and status = 'pending'
                  and expires_at > ${now.toISOString()}::timestamptz) as unpaid_online,
               (select count(*)::int from orders
                where customer_id = ${buyerId} and status = 'Booked' and payment_method = 'cashOnDel') as booked_cash`,
  );
  const refusal = holdingRefusal(
    input.paymentMethod,
    { unpaidOnline: held?.unpaid_online ?? 0, bookedCash: held?.booked_cash ?? 0 },
    newOrders,
  );
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
  const online = input.paymentMethod === 'online';
  if (online && !ctx.config.stripe && !ctx.config.testGateway) throw conflict(checkoutMessages.onlineUnavailable);
  const placed = await ctx.database.onOneConnection(async (db) => {
    // A first look, on the connection the transaction will use, just before it starts: a buyer who can already
    // see the listing is gone is refused after one read, without a transaction opened and rolled back.
    const cart = await loadCartRows(db, buyer.id);
    checkBuyable(cart);
    refuseVisiblyShort(cart);
    return placeOrders(ctx, db, buyer, input);
  });

  const result: CheckoutResult = {
    orders: placed.created.map(({ orderId, total }) => ({ orderId, total, status: 'Booked' })),
  };
  if (placed.paymentId) {
    result.paymentId = placed.paymentId;
    result.redirectUrl = await openOnlinePayment(ctx, {
      paymentId: placed.paymentId,
      customerEmail: buyer.email,
      orders: placed.created.map(({ orderId, total, store }) => ({ orderId, total, storeName: store.name })),
      expiresAt: placed.expiresAt,
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

async function takenCart(tx: Db, customerId: number, now: Date): Promise<PricedCart> {
  const rows = await takeCartRows(tx, customerId, now);
  return { rows, sales: new Map(rows.flatMap((r) => (r.sale ? [[r.listingId, r.sale] as const] : []))) };
}

/** The orders themselves, in one transaction on `db`. */
async function placeOrders(ctx: AppContext, db: Db, buyer: Buyer, input: CheckoutRequest) {
  const now = ctx.now();
  const online = input.paymentMethod === 'online';
  return db.transaction(async (tx) => {
    // The lines bought and their sales. An online cart stays until it is paid for; cash on delivery empties it
    // here, in the same statement (undone if refused).
    const { rows, sales } = online ? await cartWithSales(tx, buyer.id, now) : await takenCart(tx, buyer.id, now);
    checkBuyable(rows);
    refuseVisiblyShort(rows);
    const promo = input.promoCode
      ? await usablePromo(tx, input.promoCode, new Set(rows.map((r) => r.storeId)), now)
      : undefined;
    const drafts = draftOrders(rows, sales, promo);
    refuseOverCap(drafts);
    await refuseHoarding(tx, buyer.id, input, drafts.length, now);

    const paymentId = online ? `pay_${randomBytes(12).toString('hex')}` : null;
    const expiresAt = new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000);
    if (paymentId) {
      await tx.insert(payments).values({
        id: paymentId,
        customerId: buyer.id,
        provider: ctx.config.stripe ? 'stripe' : 'test',
        amount: drafts.reduce((n, o) => n + o.total, 0),
        status: 'pending',
        createdAt: now,
        expiresAt,
      });
    }
    const idOf = await insertOrders(tx, {
      customerId: buyer.id,
      paymentId,
      paymentMethod: input.paymentMethod,
      shippingAddress: input.shippingAddress,
      now,
      orders: drafts.map((o) => ({
        storeId: o.storeId,
        subtotal: o.subtotal,
        shippingFee: SHIPPING_FEE,
        discount: o.discount,
        total: o.total,
        promoCode: o.discount > 0 && promo ? promo.code : null,
        lines: o.lines.map((l) => ({
          listingId: l.listingId,
          name: l.name,
          image: l.image,
          unitPrice: l.unit,
          quantity: l.quantity,
        })),
      })),
    });
    const created = drafts.map((o) => ({
      orderId: idOf.get(o.storeId)!,
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
    if (!online) await announceOrders(tx, ctx, created);

    // Stock last: the listing rows stay locked only until the commit that follows, so buyers of the same listing
    // queue for as short a time as possible. A short line rolls back everything written above.
    const short = await reserveStock(tx, rows);
    if (short.length > 0) throw conflict(checkoutMessages.shortStock, undefined, { short });
    return { created, paymentId, expiresAt };
  });
}
