import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { discounted, SHIPPING_FEE } from '@pricehub/shared/rules/money';
import { cartMessages } from '@pricehub/shared/schemas/cart';
import {
  checkoutMessages,
  type CheckoutResult,
  type PaymentMethod,
  type ShortLine,
} from '@pricehub/shared/schemas/checkout';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { accounts, cartItems, orderLines, orders, payments } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { loadCartRows } from '../cart/service';
import { announceOrders } from '../notifications/announce';
import { findPromoByCode, isPromoActive, type Promo } from '../promos/lookup';
import { activeSales, unitPrice } from '../sales/pricing';
import { openOnlinePayment } from './payments';

/** Unpaid online orders hold their stock this long, then the release job puts it back. */
export const PAYMENT_HOLD_MINUTES = 30;

export interface CheckoutRequest {
  paymentMethod: PaymentMethod;
  promoCode?: string;
  shippingAddress: string;
}

type CartRow = Awaited<ReturnType<typeof loadCartRows>>[number];

interface OrderDraft {
  id: string;
  storeId: number;
  subtotal: number;
  discount: number;
  total: number;
  lines: (CartRow & { unit: number })[];
}

/** The promo that applies, refused with a message that says why when it cannot. */
async function resolvePromo(db: Db, code: string, storeIds: Set<number>, now: Date): Promise<Promo> {
  const promo = await findPromoByCode(db, code);
  if (!promo) throw badRequest(checkoutMessages.promoUnknown, { promoCode: checkoutMessages.promoUnknown });
  if (now >= promo.endsAt)
    throw badRequest(checkoutMessages.promoExpired, { promoCode: checkoutMessages.promoExpired });
  if (!isPromoActive(promo, now)) {
    throw badRequest(checkoutMessages.promoNotStarted, { promoCode: checkoutMessages.promoNotStarted });
  }
  if (!storeIds.has(promo.storeId)) {
    throw badRequest(checkoutMessages.promoNotApplicable, { promoCode: checkoutMessages.promoNotApplicable });
  }
  return promo;
}

/** An empty cart, or lines from a store that has closed since, cannot be checked out. */
function checkBuyable(rows: CartRow[]): void {
  if (rows.length === 0) throw badRequest(checkoutMessages.cartEmpty);
  const closed = rows.filter((r) => r.storeStatus === 'closed');
  if (closed.length > 0) {
    const short: ShortLine[] = closed.map((r) => ({
      productId: r.productId,
      name: r.name,
      requested: r.quantity,
      available: 0,
    }));
    throw conflict(cartMessages.storeClosed, undefined, { short });
  }
}

/**
 * Takes the units off the shelf, row by row in product id order (so concurrent checkouts lock rows in the same
 * order and cannot deadlock). The `quantity >= n` guard is what makes overselling impossible: PostgreSQL
 * re-checks it after waiting for a concurrent buyer's row lock. Answers the lines that were short.
 */
async function reserveStock(tx: Db, rows: CartRow[]): Promise<ShortLine[]> {
  const short: ShortLine[] = [];
  for (const row of [...rows].sort((a, b) => a.productId - b.productId)) {
    const updated = await queryRows<{ id: number }>(
      tx,
      sql`update products set quantity = quantity - ${row.quantity}, units_sold = units_sold + ${row.quantity},
            stock = case when quantity - ${row.quantity} = 0 then 'outofstock'::stock_status else stock end,
            updated_at = now()
          where id = ${row.productId} and quantity >= ${row.quantity} and stock = 'instock'
          returning id`,
    );
    if (updated.length === 0) {
      short.push({ productId: row.productId, name: row.name, requested: row.quantity, available: 0 });
    }
  }
  if (short.length > 0) {
    const now = await queryRows<{ id: number; quantity: number; stock: string }>(
      tx,
      sql`select id, quantity, stock from products where id in (${sql.join(
        short.map((s) => sql`${s.productId}`),
        sql`, `,
      )})`,
    );
    for (const s of short) {
      const p = now.find((r) => r.id === s.productId);
      s.available = p && p.stock === 'instock' ? p.quantity : 0;
    }
  }
  return short;
}

/**
 * Turns the customer's cart into one order per seller. Stock is reserved, orders and lines written, and (for cash
 * on delivery) the cart emptied in ONE transaction: if any line is short, nothing is written.
 */
export async function checkout(ctx: AppContext, customerId: number, input: CheckoutRequest): Promise<CheckoutResult> {
  const now = ctx.now();
  if (input.paymentMethod === 'online' && !ctx.config.stripe && !ctx.config.testGateway) {
    throw conflict(checkoutMessages.onlineUnavailable);
  }
  // Refuse early, outside any transaction: when a product sells out, most buyers never take a lock.
  const preview = await loadCartRows(ctx.db, customerId);
  checkBuyable(preview);
  const visiblyShort = preview.filter((r) => r.stockStatus === 'outofstock' || r.stockQuantity < r.quantity);
  if (visiblyShort.length > 0) {
    throw conflict(checkoutMessages.shortStock, undefined, {
      short: visiblyShort.map((r) => ({
        productId: r.productId,
        name: r.name,
        requested: r.quantity,
        available: r.stockStatus === 'outofstock' ? 0 : r.stockQuantity,
      })),
    });
  }
  const promo = input.promoCode
    ? await resolvePromo(ctx.db, input.promoCode, new Set(preview.map((r) => r.storeId)), now)
    : undefined;
  let sales = await activeSales(
    ctx.db,
    preview.map((r) => r.productId),
    now,
  );

  const placed = await ctx.db.transaction(async (tx) => {
    // The cart again, inside the transaction: it is what gets bought.
    const rows = await loadCartRows(tx, customerId);
    checkBuyable(rows);
    if (promo && !rows.some((r) => r.storeId === promo.storeId)) {
      throw badRequest(checkoutMessages.promoNotApplicable, { promoCode: checkoutMessages.promoNotApplicable });
    }
    if (rows.some((r) => !preview.some((p) => p.productId === r.productId))) {
      sales = await activeSales(
        tx,
        rows.map((r) => r.productId),
        now,
      );
    }
    const online = input.paymentMethod === 'online';
    const paymentId = online ? `pay_${randomBytes(12).toString('hex')}` : null;
    const expiresAt = new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000);

    const byStore = new Map<number, CartRow[]>();
    for (const row of rows) byStore.set(row.storeId, [...(byStore.get(row.storeId) ?? []), row]);
    const ids = await queryRows<{ id: string }>(
      tx,
      sql`select 'SG' || nextval('order_number_seq') as id from generate_series(1, ${byStore.size})`,
    );

    const drafts: OrderDraft[] = [...byStore].map(([storeId, storeRows], i) => {
      const lines = storeRows.map((r) => ({ ...r, unit: unitPrice(r.price, sales.get(r.productId)) }));
      const subtotal = lines.reduce((n, r) => n + r.unit * r.quantity, 0);
      const discount = promo && promo.storeId === storeId ? subtotal - discounted(subtotal, promo.percent) : 0;
      return { id: ids[i]!.id, storeId, subtotal, discount, total: subtotal + SHIPPING_FEE - discount, lines };
    });
    const created = drafts.map((o) => ({
      orderId: o.id,
      total: o.total,
      status: 'Booked',
      storeName: o.lines[0]!.storeName,
    }));

    if (paymentId) {
      await tx.insert(payments).values({
        id: paymentId,
        customerId,
        provider: ctx.config.stripe ? 'stripe' : 'test',
        amount: created.reduce((n, o) => n + o.total, 0),
        status: 'pending',
        createdAt: now,
        expiresAt,
      });
    }
    await tx.insert(orders).values(
      drafts.map((o) => ({
        id: o.id,
        customerId,
        storeId: o.storeId,
        paymentId,
        status: 'Booked' as const,
        paymentMethod: input.paymentMethod,
        paymentStatus: online ? ('pending' as const) : ('not_required' as const),
        subtotal: o.subtotal,
        shippingFee: SHIPPING_FEE,
        discount: o.discount,
        total: o.total,
        promoCode: o.discount > 0 && promo ? promo.code : null,
        shippingAddress: input.shippingAddress,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await tx.insert(orderLines).values(
      drafts.flatMap((o) =>
        o.lines.map((l) => ({
          orderId: o.id,
          productId: l.productId,
          name: l.name,
          image: l.image,
          unitPrice: l.unit,
          quantity: l.quantity,
        })),
      ),
    );
    if (!online) {
      await tx.delete(cartItems).where(eq(cartItems.customerId, customerId));
      await announceOrders(
        tx,
        ctx,
        created.map((o) => o.orderId),
      );
    }

    // Last, so the product rows stay locked only for the rest of this transaction: concurrent buyers of the
    // same product wait on these locks, and a short line rolls back everything written above.
    const short = await reserveStock(tx, rows);
    if (short.length > 0) throw conflict(checkoutMessages.shortStock, undefined, { short });
    return { created, paymentId, expiresAt };
  });

  const result: CheckoutResult = {
    orders: placed.created.map(({ orderId, total, status }) => ({ orderId, total, status })),
  };
  if (placed.paymentId) {
    const [customer] = await ctx.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, customerId));
    result.paymentId = placed.paymentId;
    result.redirectUrl = await openOnlinePayment(ctx, {
      paymentId: placed.paymentId,
      customerEmail: customer!.email,
      orders: placed.created,
      expiresAt: placed.expiresAt,
    });
  }
  return result;
}
