import { and, eq, sql } from 'drizzle-orm';
import { formatRs } from '@pricehub/shared/rules/money';
import { offerMessages, type PriceAlert } from '@pricehub/shared/schemas/offer';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { priceAlerts } from '../../db/schema';
import { notFound } from '../../http/errors';
import { accountContactSql } from '../accounts/queries';
import { storedLowestPrice } from '../catalog/listing-prices';
import { productNameSql } from '../catalog/queries';
import { enqueueMail } from '../mail/outbox';
import { lowestPricesNow, resolveCatalogueProduct } from './comparison';

/**
 * Sets (or resets) the customer's alert on a catalogue product (an old listing or merged id names its product):
 * any drop below today's lowest price, or at most a target (paisa).
 */
export async function setPriceAlert(
  ctx: AppContext,
  customerId: number,
  input: { productId: number; targetPrice?: number | null },
): Promise<PriceAlert> {
  // 404 for a product shoppers cannot see.
  const { productId } = await resolveCatalogueProduct(ctx.db, input.productId);
  const current = (await lowestPricesNow(ctx, [productId])).get(productId) ?? null;
  // Nothing in stock today: the lowest price of the offers still listed is the line a drop goes below.
  const stored = await storedLowestPrice(ctx.db, productId);
  const target = input.targetPrice ?? null;
  const values = { targetPrice: target, basePrice: current ?? stored ?? 0, lastNotifiedPrice: null };
  await ctx.db
    .insert(priceAlerts)
    .values({ customerId, productId, ...values, createdAt: ctx.now() })
    .onConflictDoUpdate({ target: [priceAlerts.customerId, priceAlerts.productId], set: values });
  const alerts = await listPriceAlerts(ctx, customerId);
  return alerts.find((a) => a.productId === productId)!;
}

export async function removePriceAlert(ctx: AppContext, customerId: number, productId: number): Promise<void> {
  const removed = await ctx.db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.customerId, customerId), eq(priceAlerts.productId, productId)))
    .returning({ id: priceAlerts.id });
  if (removed.length === 0) throw notFound(offerMessages.alertNotFound);
}

export async function listPriceAlerts(ctx: AppContext, customerId: number): Promise<PriceAlert[]> {
  const rows = await queryRows<{
    product_id: number;
    name: string;
    target_price: number | null;
    base_price: number;
    last_notified_price: number | null;
    created_at: Date | string;
  }>(
    ctx.db,
    sql`select a.product_id, ${productNameSql(sql`a.product_id`)} as name, a.target_price, a.base_price,
          a.last_notified_price, a.created_at
        from price_alerts a
        where a.customer_id = ${customerId} order by a.created_at desc, a.id desc`,
  );
  const lowest = await lowestPricesNow(ctx, [...new Set(rows.map((r) => r.product_id))]);
  const result: PriceAlert[] = [];
  for (const r of rows) {
    const currentPrice = lowest.get(r.product_id) ?? null;
    result.push({
      productId: r.product_id,
      productName: r.name,
      targetPrice: r.target_price,
      basePrice: r.base_price,
      currentPrice,
      lastNotifiedPrice: r.last_notified_price,
      fired: r.last_notified_price !== null,
      createdAt: new Date(r.created_at).toISOString(),
    });
  }
  return result;
}

/** Whether today's lowest price is a drop the alert asked for and has not mailed yet. */
export function alertFires(
  alert: { targetPrice: number | null; basePrice: number; lastNotifiedPrice: number | null },
  current: number | null,
): boolean {
  if (current === null) return false;
  const wanted = alert.targetPrice !== null ? current <= alert.targetPrice : current < alert.basePrice;
  // Only a new, lower price mails again: the same drop seen by the next refresh is not news.
  return wanted && (alert.lastNotifiedPrice === null || current < alert.lastNotifiedPrice);
}

/**
 * Runs after each refresh: one mail per alert that fires, queued through the outbox in the same transaction that
 * records the notified price, with a dedupe key so even two servers never mail the same drop twice.
 */
export async function evaluatePriceAlerts(ctx: AppContext): Promise<number> {
  const alerts = await queryRows<{
    id: number;
    product_id: number;
    product_name: string;
    customer: { name: string; email: string };
    target_price: number | null;
    base_price: number;
    last_notified_price: number | null;
  }>(
    ctx.db,
    sql`select pa.id, pa.product_id, ${productNameSql(sql`pa.product_id`)} as product_name,
          ${accountContactSql(sql`pa.customer_id`)} as customer, pa.target_price, pa.base_price, pa.last_notified_price
        from price_alerts pa`,
  );
  let fired = 0;
  const lowest = await lowestPricesNow(ctx, [...new Set(alerts.map((a) => a.product_id))]);
  for (const a of alerts) {
    const current = lowest.get(a.product_id) ?? null;
    const alert = { targetPrice: a.target_price, basePrice: a.base_price, lastNotifiedPrice: a.last_notified_price };
    if (!alertFires(alert, current)) continue;
    const claimed = await ctx.db.transaction(async (tx) => {
      // The row is re-checked under the update so a concurrent run that already recorded this drop wins.
      const updated = await tx
        .update(priceAlerts)
        .set({ lastNotifiedPrice: current })
        .where(
          and(
            eq(priceAlerts.id, a.id),
            sql`(${priceAlerts.lastNotifiedPrice} is null or ${priceAlerts.lastNotifiedPrice} > ${current})`,
          ),
        )
        .returning({ id: priceAlerts.id });
      if (updated.length === 0) return false;
      const link = `${ctx.config.publicUrl}/result/productHub/${a.product_id}`;
      await enqueueMail(tx, {
        to: a.customer.email,
        subject: `Price drop: ${a.product_name} is now ${formatRs(current!)}`,
        text: `Hello ${a.customer.name},\n\n${a.product_name} now costs ${formatRs(current!)} (it was ${formatRs(a.base_price)} when you set the alert).\n\nCompare prices: ${link}\n\nPriceHub`,
        dedupeKey: `price-drop:alert ${a.id}:price ${current}`,
      });
      return true;
    });
    if (claimed) fired++;
  }
  return fired;
}

/** A deleted customer's price alerts go with the account (modules/account-data). */
export async function erasePriceAlerts(tx: Db, customerId: number): Promise<void> {
  await tx.execute(sql`delete from price_alerts where customer_id = ${customerId}`);
}
