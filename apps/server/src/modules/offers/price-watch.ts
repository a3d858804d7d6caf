import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { openStoresSql } from '../accounts/queries';
import { activeSaleSql } from '../sales/pricing';
import { lowestPricesNow } from './comparison';

/** What a shopper watching a product or an offer sees now. */
export interface WatchedState {
  /** The lowest price a shopper can pay now (sale prices applied, in stock only); null when nothing is in stock. */
  price: number | null;
  inStock: boolean;
  /** The deepest sale running now on one of our in-stock listings of it, or null. */
  sale: { percent: number; store: string } | null;
}

const ids = (values: number[]) =>
  sql`(select value::int from json_array_elements_text(${JSON.stringify(values)}::json))`;

/**
 * The watched state of many catalogue products at once. The price is the one price alerts use (lowestPricesNow),
 * so a wishlist alert and a price alert never disagree about what a product costs.
 */
export async function productStatesNow(ctx: AppContext, productIds: number[]): Promise<Map<number, WatchedState>> {
  const result = new Map<number, WatchedState>();
  if (productIds.length === 0) return result;
  const prices = await lowestPricesNow(ctx, productIds);
  // Each listing's deepest sale running now (the sales module's rule), then the deepest of each product's listings.
  const percent = sql`(${activeSaleSql(sql`l.id`, ctx.now())} ->> 'percent')::int`;
  const sales = await queryRows<{ product_id: number; percent: number; store: string }>(
    ctx.db,
    sql`select distinct on (x.product_id) x.product_id, x.percent, x.store
        from (
          select l.product_id, ${percent} as percent, st.name as store
          from listings l join ${openStoresSql} st on st.id = l.store_id
          where l.product_id in ${ids(productIds)} and l.stock = 'instock' and l.quantity > 0
        ) x
        where x.percent is not null
        order by x.product_id, x.percent desc, x.store`,
  );
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
  const rows = await queryRows<{ id: number; price: number; in_stock: boolean }>(
    db,
    sql`select id, price, (available and in_stock) as in_stock from offers where id in ${ids(offerIds)}`,
  );
  for (const r of rows) result.set(r.id, { price: r.in_stock ? r.price : null, inStock: r.in_stock, sale: null });
  return result;
}
