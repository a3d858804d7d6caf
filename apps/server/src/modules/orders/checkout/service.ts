import { randomBytes } from 'node:crypto';
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
import type { Db } from '../../../db/client';
import { badRequest, conflict, HttpError } from '../../../http/errors';
import { loadCartRows, type CartRow } from '../../cart/service';
import { isShortStock, listingShelves, takeStock, type ShelfAfter } from '../../catalog/stock';
import type { Promo } from '../../promos/lookup';
import { usablePromo } from '../../promos/redeem';
import { activeSales, unitPrice, type ActiveSale } from '../../sales/pricing';
import { announcementWrites } from '../announce';
import { CartLooks, readCarts } from './cart-looks';
import { ListingGate } from './listing-gate';
import { openOnlinePayment } from './payments';
import {
  beginTransaction,
  rollbackTransaction,
  takeCart,
  takeStockAndCommit,
  writeOrders,
  type Held,
} from './repository';

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

/** The lines of a cart the shelf cannot serve now, read after a checkout failed to take them. */
async function shortLines(db: Db, rows: CartRow[]): Promise<ShortLine[]> {
  const shelf = await listingShelves(
    db,
    rows.map((r) => r.listingId),
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
): Promise<{ value: T; shelves: ShelfAfter[] }> {
  if (ctx.database.kind === 'pglite') {
    return db.transaction(async (tx) => {
      const { value, lines } = await work(tx);
      return { value, shelves: await takeStock(tx, lines) };
    });
  }
  await beginTransaction(db);
  try {
    const { value, lines } = await work(db);
    return { value, shelves: await takeStockAndCommit(db, lines) };
  } catch (error) {
    await rollbackTransaction(db);
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
  refuseShort(rows, (r) => (r.stockStatus === 'outofstock' ? 0 : r.stockQuantity));
}

/** Lines whose shelf, as `available` has it (undefined: not known), holds fewer units than asked for: 409. */
function refuseShort(rows: CartRow[], available: (row: CartRow) => number | undefined): void {
  const short = rows.flatMap((r) => {
    const units = available(r);
    return units !== undefined && units < r.quantity
      ? [{ productId: r.listingId, name: r.name, requested: r.quantity, available: units }]
      : [];
  });
  if (short.length > 0) throw conflict(checkoutMessages.shortStock, undefined, { short });
}

/** A buyer looks again at most this many times after waiting for others' checkouts; then goes on regardless. */
const MAX_WAITS = 3;

interface Queue {
  gate: ListingGate;
  looks: CartLooks;
}

const queues = new WeakMap<AppContext['database'], Queue>();

/** This process's queue in front of checkout's transaction (listing-gate.ts) and its shared first looks, per database. */
function checkoutQueue(ctx: AppContext): Queue {
  let queue = queues.get(ctx.database);
  if (!queue) {
    queue = { gate: new ListingGate(), looks: new CartLooks((ids) => readCarts(ctx.db, ids)) };
    queues.set(ctx.database, queue);
  }
  return queue;
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
 * is gone are refused after one read (shared with the other buyers'), and the rest hold the listing row only for the
 * commit.
 */
export async function checkout(ctx: AppContext, buyer: Buyer, input: CheckoutRequest): Promise<CheckoutResult> {
  const gateway = input.paymentMethod === 'online' ? ctx.payments.checkout : null;
  if (input.paymentMethod === 'online' && !gateway) throw conflict(checkoutMessages.onlineUnavailable);
  const { gate, looks } = checkoutQueue(ctx);
  let placed: Awaited<ReturnType<typeof placeOrders>> | undefined;
  for (let waits = 0; !placed; waits++) {
    // A first look: a buyer who can already see the listing is gone is refused without a transaction opened and
    // rolled back. It is read with the looks of the buyers who check out meanwhile (cart-looks.ts).
    const cart = await looks.look(buyer.id);
    checkBuyable(cart);
    refuseVisiblyShort(cart);
    // In a rush, those whose units are already being taken by others wait (off any connection), then look again.
    const claims = cart.map((r) => ({ listingId: r.listingId, quantity: r.quantity, shelf: r.stockQuantity }));
    const entered = waits < MAX_WAITS ? gate.enter(claims) : gate.enter(claims, { anyway: true });
    if (entered !== true) {
      // Woken by the last checkout ahead landing: what it read of the shelf refuses a buyer it cannot serve, without
      // another look (a shelf restocked since is seen by the next checkout's first look).
      const landed = await entered;
      if (landed) refuseShort(cart, (r) => landed.get(r.listingId));
      continue;
    }
    try {
      placed = await ctx.database.onOneConnection((db) => placeOrders(ctx, db, buyer, input, gateway));
    } finally {
      // Without shelves (it failed), the units go back to the others at once.
      gate.leave(claims, placed?.shelves);
    }
  }

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
    const { value, shelves } = await inTransaction(ctx, db, async (tx) => {
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
        alongside: online ? undefined : announcementWrites(ctx, created),
      });
      refuseHoarding(input, held, drafts.length);

      // Stock last: the listing rows stay locked only until the commit, so buyers of the same listing queue for as
      // short a time as possible. A short line rolls back everything written above.
      return { value: { created, payment }, lines: rows };
    });
    return { ...value, shelves };
  } catch (error) {
    if (!isShortStock(error)) throw error;
    throw conflict(checkoutMessages.shortStock, undefined, { short: await shortLines(db, bought) });
  }
}
