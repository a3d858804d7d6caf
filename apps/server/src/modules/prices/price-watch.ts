import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { deepestSalesOf } from '../catalog/listing-prices';
import { offerPricesNow } from '../offers/queries';
import { lowestPricesNow } from './comparison';

/** What a shopper watching a product or an offer sees now. */
export interface WatchedState {
  /** The lowest price a shopper can pay now (sale prices applied, in stock only); null when nothing is in stock. */
  price: number | null;
  inStock: boolean;
  /** The deepest sale running now on one of our in-stock listings of it, or null. */
  sale: { percent: number; store: string } | null;
}

/**
 * The watched state of many catalogue products at once. The price is the one price alerts use (lowestPricesNow),
 * so a wishlist alert and a price alert never disagree about what a product costs.
 */
export async function productStatesNow(ctx: AppContext, productIds: number[]): Promise<Map<number, WatchedState>> {
  const result = new Map<number, WatchedState>();
  if (productIds.length === 0) return result;
  const prices = await lowestPricesNow(ctx, productIds);
  const sales = await deepestSalesOf(ctx.db, productIds, ctx.now());
  const saleOf = new Map(sales.map((s) => [s.product_id, { percent: s.percent, store: s.store }]));
  for (const id of productIds) {
    const price = prices.get(id) ?? null;
    result.set(id, { price, inStock: price !== null, sale: saleOf.get(id) ?? null });
  }
  return result;
}

/** The watched state of other stores' offers: their own price while they are listed and in stock. */
export async function offerStatesNow(db: Db, offerIds: number[]): Promise<Map<number, WatchedState>> {
  const result = new Map<number, WatchedState>();
  if (offerIds.length === 0) return result;
  const rows = await offerPricesNow(db, offerIds);
  for (const r of rows) result.set(r.id, { price: r.in_stock ? r.price : null, inStock: r.in_stock, sale: null });
  return result;
}
