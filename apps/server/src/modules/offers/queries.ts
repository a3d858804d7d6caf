import { eq, sql, type SQL } from 'drizzle-orm';
import { idList, queryRows, type Db } from '../../db/client';
import { offers, pricePoints } from '../../db/schema';

/**
 * What other modules may read or write of offers and price history (decision 023): a saved offer's card, its name in
 * an alert mail, whether a product has other stores' offers, a listing's new price point. Each is a function or a SQL
 * expression for the caller's own select.
 */

/** SQL: whether any other store offers catalogue product `productId` (available or not). */
export const offeredElsewhereSql = (productId: SQL) =>
  sql`exists (select 1 from offers where product_id = ${productId})`;

/** One of our sellers' listings' price history gains a point: its price and stock from `recordedAt` on. */
export async function recordListingPrice(
  db: Db,
  point: Pick<typeof pricePoints.$inferInsert, 'listingId' | 'price' | 'inStock' | 'recordedAt'>,
): Promise<void> {
  await db.insert(pricePoints).values(point);
}

export async function offerExists(db: Db, offerId: number): Promise<boolean> {
  const rows = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  return rows.length > 0;
}

/** SQL: "name at store" for offer `offerId`, null when there is no such offer. */
export const offerTitleSql = (offerId: SQL) =>
  sql`(select o.name || ' at ' || e.name from offers o join external_stores e on e.id = o.external_store_id
       where o.id = ${offerId})`;

/** SQL: the name of offer `offerId` as its store lists it, null when there is no such offer. */
export const offerNameSql = (offerId: SQL) => sql`(select o.name from offers o where o.id = ${offerId})`;

/** Another store's offer as a saved item shows it: in stock means listed and in stock; the store's name. */
export type SavedOffer = Pick<
  typeof offers.$inferSelect,
  'productId' | 'name' | 'image' | 'brand' | 'price' | 'inStock'
> & {
  store: string | null;
};

/**
 * SQL for `left join lateral … on true`: offer `offerId` with the columns of SavedOffer; no row when there is no such
 * offer.
 */
export const savedOfferSql = (offerId: SQL) =>
  sql`(select o.product_id as "productId", o.name, o.image, o.brand, o.price,
         (o.in_stock and o.available) as "inStock", oes.name as store
       from offers o left join external_stores oes on oes.id = o.external_store_id
       where o.id = ${offerId})`;

/** The columns of offers that may show one of our uploads: media keeps a file while one of them mentions it. */
export const offerUploadColumns = [offers.image];

/**
 * SQL for a `from` (alias it): the available offers of catalogue product `productId`, each with its `price`,
 * `in_stock`, `external_store_id` and store name (`store`); the catalogue prices its cards and search over them.
 */
export const availableOffersSql = (productId: SQL) =>
  sql`(select o.price, o.in_stock, o.external_store_id, es.name as store
       from offers o join external_stores es on es.id = o.external_store_id
       where o.product_id = ${productId} and o.available)`;

/** SQL: the slug of external store `storeId` (null when there is none): an operator's match decisions name it. */
export const externalStoreSlugSql = (storeId: SQL) => sql`(select slug from external_stores where id = ${storeId})`;

/** The lowest price of each product's available, in-stock offers (products with none are left out). */
export const lowestOfferPrices = (db: Db, productIds: number[]) =>
  queryRows<{ product_id: number; price: number }>(
    db,
    sql`select product_id, min(price)::int as price from offers
        where product_id in ${idList(productIds)} and available and in_stock group by 1`,
  );

/**
 * SQL for a `from` (alias it): every recorded price of catalogue product `productId`'s offers, one series per offer
 * (`offer-<id>`): series, store (its store's name), price, in_stock, recorded_at. The price history unions it with
 * the catalogue's listing series in one statement.
 */
export const offerPriceSeriesSql = (productId: SQL) =>
  sql`(select 'offer-' || o.id as series, e.name as store, pp.price, pp.in_stock, pp.recorded_at
       from price_points pp join offers o on o.id = pp.offer_id join external_stores e on e.id = o.external_store_id
       where o.product_id = ${productId})`;

/** SQL for a `from` (alias it): our listings' price points (listing_id, price, in_stock, recorded_at). */
export const listingPricePointsSql = sql`(select listing_id, price, in_stock, recorded_at from price_points
  where listing_id is not null)`;

/** Offers' price and stock now: in stock means listed and in stock. */
export const offerPricesNow = (db: Db, offerIds: number[]) =>
  queryRows<{ id: number; price: number; in_stock: boolean }>(
    db,
    sql`select id, price, (available and in_stock) as in_stock from offers where id in ${idList(offerIds)}`,
  );
