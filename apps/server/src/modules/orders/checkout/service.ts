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
import { isShortStock, listingShelves, takeStock, type ListingUnits, type ShelfAfter } from '../../catalog/stock';
import type { Promo } from '../../promos/lookup';
import { usablePromo } from '../../promos/redeem';
import { activeSales, unitPrice, type ActiveSale } from '../../sales/pricing';
import { announcementWrites, type OrderAnnouncement } from '../announce';
import { SameTurnBatches, type Outcome } from './batches';
import { CartLooks, readCarts } from './cart-looks';
import { ListingGate } from './listing-gate';
import { openOnlinePayment } from './payments';
import {
  beginTransaction,
  lockCheckout,
  rollbackTransaction,
  takeCarts,
  takeStockAndCommit,
  writeOrders,
  type Held,
  type NewCheckout,
  type NewPayment,
  type TakenCart,
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
 * Runs checkout's transaction on `db`, one connection, and takes the units `work` answers as its last step. On
 * PostgreSQL that statement is sent with the COMMIT in one round trip (the simple query protocol runs both, and skips
 * the COMMIT if the statement fails). PGlite runs one transaction at a time, through its own transaction(), which
 * keeps every other query out of it.
 */
async function inTransaction<T>(
  ctx: AppContext,
  db: Db,
  work: (tx: Db) => Promise<{ value: T; units: ListingUnits[] }>,
): Promise<{ value: T; shelves: ShelfAfter[] }> {
  if (ctx.database.kind === 'pglite') {
    return db.transaction(async (tx) => {
      const { value, units } = await work(tx);
      return { value, shelves: await takeStock(tx, units) };
    });
  }
  await beginTransaction(db);
  try {
    const { value, units } = await work(db);
    return { value, shelves: await takeStockAndCommit(db, units) };
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

/** The units a cart line's listing has on its shelf, as the line read it: none once it is out of stock. */
const onShelf = (row: CartRow): number => (row.stockStatus === 'outofstock' ? 0 : row.stockQuantity);

/** Lines the shopper can already see are short: refused before any row is locked. */
function refuseVisiblyShort(rows: CartRow[]): void {
  refuseShort(rows, onShelf);
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

export interface Buyer {
  id: number;
  name: string;
  email: string;
}

/** One buyer's checkout as it joins a batch: who, what they asked for, and their first look at the cart. */
export interface Placing {
  buyer: Buyer;
  input: CheckoutRequest;
  gateway: PaymentGateway | null;
  cart: CartRow[];
}

/** A buyer's orders as written, the payment they wait for (online), and the shelves of what they bought after it. */
export interface Placed {
  created: OrderAnnouncement[];
  payment: NewPayment | null;
  shelves: ShelfAfter[];
}

interface Queue {
  gate: ListingGate;
  looks: CartLooks;
  batches: SameTurnBatches<Placing, Placed>;
}

const queues = new WeakMap<AppContext['database'], Queue>();

/**
 * This process's queue in front of checkout's transaction (listing-gate.ts), its shared first looks, and its
 * batches of buyers placing orders together, per database.
 */
function checkoutQueue(ctx: AppContext): Queue {
  let queue = queues.get(ctx.database);
  if (!queue) {
    queue = {
      gate: new ListingGate(),
      looks: new CartLooks((ids) => readCarts(ctx.db, ids)),
      batches: new SameTurnBatches(
        (batch) => placeBatch(ctx, batch),
        (placing) => placing.buyer.id,
      ),
    };
    queues.set(ctx.database, queue);
  }
  return queue;
}

/**
 * Turns the customer's cart into one order per seller, in ONE transaction: the cart is read (and, for cash on
 * delivery, emptied), orders and lines written, the sellers notified, stock reserved. If any line is short,
 * nothing is written. The statements are few on purpose: in a rush on one listing, buyers who can already see it
 * is gone are refused after one read (shared with the other buyers'), and the buyers let in at the same moment
 * place their orders in one transaction together (placeTogether).
 */
export async function checkout(ctx: AppContext, buyer: Buyer, input: CheckoutRequest): Promise<CheckoutResult> {
  const gateway = input.paymentMethod === 'online' ? ctx.payments.checkout : null;
  if (input.paymentMethod === 'online' && !gateway) throw conflict(checkoutMessages.onlineUnavailable);
  const { gate, looks, batches } = checkoutQueue(ctx);
  let placed: Placed | undefined;
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
      placed = await batches.add({ buyer, input, gateway, cart });
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
 * A batch's orders, in one transaction on a connection of its own (a batch that fails as a whole is tried again one
 * buyer at a time: batches.ts). A buyer alone whose transaction found a line short that their first look did not
 * see (the cart changed meanwhile) is told which lines, as the shelf holds them now.
 */
async function placeBatch(ctx: AppContext, batch: Placing[]): Promise<Outcome<Placed>[]> {
  try {
    return await ctx.database.onOneConnection((db) => placeTogether(ctx, db, batch));
  } catch (error) {
    if (batch.length > 1 || !isShortStock(error)) throw error;
    const short = await shortLines(ctx.db, batch[0]!.cart);
    return [{ ok: false, error: conflict(checkoutMessages.shortStock, undefined, { short }) }];
  }
}

/**
 * The orders of buyers let in at the same moment, in one transaction on `db` of five statements however many buyers
 * it holds: their accounts and listings locked (lockCheckout), their carts taken (takeCarts), every order written
 * with its announcement (writeOrders), the stock taken, the commit. In a rush on one listing that is one commit for
 * the buyers queued on it, instead of one each, one after the other, on the listing's row.
 *
 * Who gets what is decided here, in the batch's order, from the shelves as the locks hold them: a buyer refused (a
 * short line, a closed store, an unusable promo, a cap) gets their own error and the others go on. Online orders
 * wait for a payment at the buyer's gateway.
 */
export async function placeTogether(ctx: AppContext, db: Db, batch: Placing[]): Promise<Outcome<Placed>[]> {
  const now = ctx.now();
  const outcomes: Outcome<Placed>[] = [];
  const { value: accepted, shelves } = await inTransaction(ctx, db, async (tx) => {
    const customerIds = batch.map((p) => p.buyer.id);
    await lockCheckout(tx, customerIds, [...new Set(batch.flatMap((p) => p.cart.map((r) => r.listingId)))]);
    const carts = await takeCarts(tx, customerIds, now);
    const taking = new Map<number, number>();
    const accepted: (PricedCheckout & { index: number })[] = [];
    for (const [index, placing] of batch.entries()) {
      try {
        const priced = await priceCheckout(tx, placing, carts.get(placing.buyer.id), taking, now);
        for (const { listingId, quantity } of priced.lines)
          taking.set(listingId, (taking.get(listingId) ?? 0) + quantity);
        accepted.push({ ...priced, index });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }
    if (accepted.length > 0) {
      // Cash orders are announced now; online orders once paid (payments.ts).
      const cash = accepted.filter((a) => a.checkout.paymentMethod === 'cashOnDel').flatMap((a) => a.created);
      await writeOrders(
        tx,
        accepted.map((a) => a.checkout),
        now,
        cash.length > 0 ? announcementWrites(ctx, cash) : undefined,
      );
    }
    // Stock last: the listing rows are written once, for the whole batch, just before the commit.
    return { value: accepted, units: [...taking].map(([listingId, quantity]) => ({ listingId, quantity })) };
  });
  for (const { index, created, checkout, lines } of accepted) {
    const bought = new Set(lines.map((l) => l.listingId));
    const value = { created, payment: checkout.payment, shelves: shelves.filter((s) => bought.has(s.listingId)) };
    outcomes[index] = { ok: true, value };
  }
  return outcomes;
}

/** One buyer's checkout, priced and ready to write, with the lines it takes. */
interface PricedCheckout {
  checkout: NewCheckout;
  created: OrderAnnouncement[];
  lines: CartRow[];
}

/**
 * Prices one buyer's checkout in the batch's transaction, or refuses it with an HttpError: an empty cart or a closed
 * store, a line the shelf cannot serve (what takeCarts read, less the units `taking` holds for the buyers before
 * them in the batch), an unusable promo, a total over the cap, or more held unpaid than the caps allow.
 */
async function priceCheckout(
  tx: Db,
  { buyer, input, gateway }: Placing,
  cart: TakenCart | undefined,
  taking: Map<number, number>,
  now: Date,
): Promise<PricedCheckout> {
  if (!cart) throw badRequest(checkoutMessages.cartEmpty);
  const rows = cart.lines;
  checkBuyable(rows);
  refuseShort(rows, (r) => Math.max(0, onShelf(r) - (taking.get(r.listingId) ?? 0)));
  const sales = new Map(rows.flatMap((r) => (r.sale ? [[r.listingId, r.sale] as const] : [])));
  const promo = input.promoCode
    ? await usablePromo(tx, input.promoCode, new Set(rows.map((r) => r.storeId)), now)
    : undefined;
  const drafts = draftOrders(rows, sales, promo);
  refuseOverCap(drafts);
  refuseHoarding(input, cart.held, drafts.length);

  const payment = gateway
    ? {
        id: `pay_${randomBytes(12).toString('hex')}`,
        provider: gateway.provider,
        amount: drafts.reduce((n, o) => n + o.total, 0),
        expiresAt: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000),
      }
    : null;
  const orders = drafts.map((o) => ({
    id: cart.orderIds.get(o.storeId)!,
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
  }));
  const created = orders.map((o, i) => ({
    orderId: o.id,
    storeId: o.storeId,
    store: { slug: drafts[i]!.lines[0]!.storeSlug, name: drafts[i]!.lines[0]!.storeName },
    customer: { name: buyer.name, email: buyer.email },
    lines: o.lines.map((l) => ({ name: l.name, quantity: l.quantity, lineTotal: l.unitPrice * l.quantity })),
    subtotal: o.subtotal,
    shippingFee: o.shippingFee,
    discount: o.discount,
    total: o.total,
    promoCode: o.promoCode,
    paymentMethod: input.paymentMethod,
    shippingAddress: input.shippingAddress,
  }));
  const checkout: NewCheckout = {
    customerId: buyer.id,
    payment,
    paymentMethod: input.paymentMethod,
    shippingAddress: input.shippingAddress,
    orders,
    // An online cart stays until it is paid for; cash on delivery empties it here (undone if the batch fails).
    emptied: gateway ? [] : rows.map((r) => r.listingId),
  };
  return { checkout, created, lines: rows };
}
