import { sql, type SQL } from 'drizzle-orm';
import type { MatchedBy } from '@pricehub/shared/schemas/offer';
import { idList, queryRows, type Db } from '../../db/client';
import { openStoresSql } from '../accounts/queries';
import { listingPricePointsSql } from '../offers/queries';
import { activeSaleSql } from '../sales/pricing';

/**
 * What the price comparison (modules/prices) reads of the catalogue (decision 027): which product an id names, our
 * sellers' listings of a product in open stores, their price history and the sales running on them.
 */

/**
 * The visible catalogue product an id names: the product itself, or, for the id of a listing or of a product merged
 * into another, the product it went to (`moved`). Undefined when there is none or shoppers cannot see it.
 */
export async function shownProductOf(db: Db, id: number): Promise<{ id: number; moved: boolean } | undefined> {
  const [row] = await queryRows<{ id: number; moved: boolean }>(
    db,
    sql`select p.id, p.id <> ${id} as moved from products p
        where p.visible and p.id in (${id}, (select product_id from listings where id = ${id}),
          (select to_id from product_redirects where from_id = ${id}))
        order by p.id <> ${id} limit 1`,
  );
  return row;
}

/** A product's lowest price as the catalogue keeps it; undefined when there is no such product. */
export async function storedLowestPrice(db: Db, productId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ lowestPrice: number }>(
    db,
    sql`select lowest_price as "lowestPrice" from products where id = ${productId}`,
  );
  return row?.lowestPrice;
}

export interface OpenListingRow {
  id: number;
  store_id: number;
  store_name: string;
  store_slug: string;
  name: string;
  price: number;
  quantity: number;
  stock: string;
  matched_by: MatchedBy;
  updated_at: Date | string;
}

/** Our sellers' listings of a catalogue product, in open stores only (a closed store sells nothing). */
export const openListingsOf = (db: Db, productId: number) =>
  queryRows<OpenListingRow>(
    db,
    sql`select l.id, l.store_id, s.name as store_name, s.slug as store_slug, l.name, l.price, l.quantity, l.stock,
          l.matched_by, l.updated_at
        from listings l join ${openStoresSql} s on s.id = l.store_id
        where l.product_id = ${productId}
        order by l.id`,
  );

/** The in-stock listings of these products in open stores, with their list price. */
export const inStockListingsOf = (db: Db, productIds: number[]) =>
  queryRows<{ id: number; product_id: number; price: number }>(
    db,
    sql`select l.id, l.product_id, l.price from listings l join ${openStoresSql} s on s.id = l.store_id
        where l.product_id in ${idList(productIds)} and l.stock = 'instock' and l.quantity > 0`,
  );

/**
 * SQL for a `from` (alias it): every recorded price of product `productId`'s listings in open stores, one series per
 * listing (`store-<id>`): series, store (its name), price, in_stock, recorded_at. The price history unions it with
 * the offers' series in one statement.
 */
export const listingPriceSeriesSql = (productId: SQL) =>
  sql`(select 'store-' || l.id as series, s.name as store, pp.price, pp.in_stock, pp.recorded_at
       from ${listingPricePointsSql} pp join listings l on l.id = pp.listing_id
         join ${openStoresSql} s on s.id = l.store_id
       where l.product_id = ${productId})`;

/** Each product's deepest sale running now on one of its in-stock listings in an open store, with the store's name. */
export async function deepestSalesOf(
  db: Db,
  productIds: number[],
  now: Date,
): Promise<{ product_id: number; percent: number; store: string }[]> {
  // Each listing's deepest sale running now (the sales module's rule), then the deepest of each product's listings.
  const percent = sql`(${activeSaleSql(sql`l.id`, now)} ->> 'percent')::int`;
  return queryRows<{ product_id: number; percent: number; store: string }>(
    db,
    sql`select distinct on (x.product_id) x.product_id, x.percent, x.store
        from (
          select l.product_id, ${percent} as percent, st.name as store
          from listings l join ${openStoresSql} st on st.id = l.store_id
          where l.product_id in ${idList(productIds)} and l.stock = 'instock' and l.quantity > 0
        ) x
        where x.percent is not null
        order by x.product_id, x.percent desc, x.store`,
  );
}
