import { sql, type SQL } from 'drizzle-orm';
import type { SortIntent } from '@pricehub/shared/rules/query-intent';
import type { Category } from '@pricehub/shared/schemas/product';
import { idList, queryRows, type Db } from '../../db/client';
import { listings, products } from '../../db/schema';
import { openStoresSql } from '../accounts/queries';
import { availableOffersSql } from '../offers/queries';
import { averageRatingSql, sentimentCountsSql } from '../reviews/repository';
import { activeSaleSql, unitPriceSql } from '../sales/pricing';

/**
 * What other modules may read of the catalogue (decision 023): the assistant's search, a store's listings on its
 * dashboard, the product behind a saved item. Each is a function or, where the caller's statement must stay one round
 * trip, a SQL expression for its select.
 */

/** A catalogue product priced at the lowest price a shopper can pay now, and every store that offers it. */
export interface PricedProduct {
  id: number;
  name: string;
  brand: string;
  category: string;
  ram: number;
  storage: number;
  /** Paisa: the lowest over our sellers' sale-aware prices and the available external offers. */
  lowestPrice: number;
  /** Every store with an available offer (its length is the store count), ours first. */
  stores: string[];
  positive: number;
  negative: number;
  inStock: boolean;
}

/** The filters of a shopper's question (chat/question-parser.ts reads them from its words). */
export interface PricedFilters {
  category?: Category;
  brand?: string;
  /** Paisa. */
  minPrice?: number;
  /** Paisa. */
  maxPrice?: number;
  /** At least this much RAM, in GB. */
  ram?: number;
  /** At least this much storage, in GB. */
  storage?: number;
  sort: SortIntent;
  /** Words left once the filters are taken out (model names such as "galaxy s24"). */
  keywords: string[];
}

/** How strictly the words must match: all of them, any of them, or only rank the results. */
export type KeywordMode = 'all' | 'any' | 'rank';

/** As the drivers hand it back: the lowest price a bigint (text on pg), the stores a text[] (see storeList). */
type PricedRow = Omit<PricedProduct, 'lowestPrice' | 'stores'> & {
  lowestPrice: number | string;
  stores: string[] | string | null;
};

const ORDER: Record<SortIntent, SQL> = {
  relevance: sql`rank desc, units_sold desc, views desc, lowest asc`,
  cheapest: sql`lowest asc, rank desc`,
  priciest: sql`lowest desc, rank desc`,
  bestRated: sql`(positive - negative) desc, positive desc, avg_rating desc nulls last, views desc`,
  mostPopular: sql`units_sold desc, views desc, rank desc`,
};

/**
 * A small search over the catalogue products shoppers see, for the assistant: full-text on `products.search`
 * (websearch_to_tsquery) plus the filters. Each product comes once, priced at the lowest price a shopper pays now
 * over its offers (our listings in open stores with their running sale, per sales/pricing, and other stores'
 * available offers; in stock first, as the cards), so that the budget filter and the "cheapest" order see that price;
 * `stores` names every store with an available offer, ours first.
 */
export async function searchPricedProducts(
  db: Db,
  filters: PricedFilters,
  options: { now: Date; limit: number; keywordMode: KeywordMode },
): Promise<PricedProduct[]> {
  const words = filters.keywords.join(options.keywordMode === 'all' ? ' ' : ' or ');
  const query = words ? sql`websearch_to_tsquery('simple', ${words})` : null;
  const conditions: SQL[] = [sql`p.visible`];
  if (query && options.keywordMode !== 'rank') conditions.push(sql`p.search @@ ${query}`);
  if (filters.category) conditions.push(sql`p.category = ${filters.category}`);
  if (filters.brand) conditions.push(sql`lower(p.brand) = ${filters.brand.toLowerCase()}`);
  if (filters.ram !== undefined) conditions.push(sql`p.ram_gb >= ${filters.ram}`);
  if (filters.storage !== undefined) conditions.push(sql`p.storage_gb >= ${filters.storage}`);
  const priceConditions: SQL[] = [sql`lowest is not null`];
  // A budget the shopper typed ("under 99999999999 lakh") is any number: compared as bigint, clamped to its range.
  if (filters.minPrice !== undefined) priceConditions.push(sql`lowest >= ${asBigint(filters.minPrice)}::bigint`);
  if (filters.maxPrice !== undefined) priceConditions.push(sql`lowest <= ${asBigint(filters.maxPrice)}::bigint`);
  const percent = sql`coalesce((${activeSaleSql(sql`l.id`, options.now)} ->> 'percent')::int, 0)`;
  const pays = unitPriceSql(sql`l.price`, percent);

  const rows = await queryRows<PricedRow>(
    db,
    sql`with priced as (
          select p.id, p.name, p.brand, p.category::text as category, p.ram_gb, p.storage_gb, p.views, p.units_sold,
            ${query ? sql`ts_rank(p.search, ${query})` : sql`0::real`} as rank,
            offered.lowest, offered.in_stock, offered.stores,
            ${sentimentCountsSql({ productId: sql`p.id` })},
            ${averageRatingSql(sql`p.id`)} as avg_rating
          from products p
          left join lateral (
            select coalesce(min(x.pays) filter (where x.in_stock), min(x.pays)) as lowest,
                   coalesce(bool_or(x.in_stock), false) as in_stock,
                   array_agg(x.store order by x.ours desc, x.store) filter (where x.first) as stores
            from (
              select u.*, row_number() over (partition by u.store order by u.ours desc) = 1 as first
              from (
                select true as ours, st.name as store, ${pays} as pays, (l.quantity > 0 and l.stock = 'instock') as in_stock
                from listings l join ${openStoresSql} st on st.id = l.store_id
                where l.product_id = p.id
                union all
                select false, o.store, o.price::bigint, o.in_stock
                from ${availableOffersSql(sql`p.id`)} o
              ) u
            ) x
          ) offered on true
          where ${sql.join(conditions, sql` and `)}
        )
        select id, name, brand, category, ram_gb as ram, storage_gb as storage, lowest as "lowestPrice", stores,
          positive, negative, in_stock as "inStock"
        from priced where ${sql.join(priceConditions, sql` and `)}
        order by ${ORDER[filters.sort]}, id asc
        limit ${options.limit}`,
  );
  return rows.map((r) => ({ ...r, lowestPrice: Number(r.lowestPrice), stores: storeList(r.stores) }));
}

/** A whole number within JavaScript's exact range (so within bigint's): a typed amount never fails the cast. */
function asBigint(n: number): string {
  if (Number.isNaN(n)) return '0';
  return String(Math.round(Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, n))));
}

/** PGlite and pg both parse text[]; a driver that does not hands back the literal "{a,b}". */
function storeList(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((s) => s.replace(/^"|"$/g, ''))
    .filter(Boolean);
}

/** The brands of the products shoppers see, A to Z. */
export async function visibleBrands(db: Db, limit: number): Promise<string[]> {
  const rows = await queryRows<{ brand: string }>(
    db,
    sql`select distinct brand from products where visible order by brand limit ${limit}`,
  );
  return rows.map((r) => r.brand);
}

/**
 * SQL: the catalogue product a product id from a URL stands for now, or null: itself, the product of the listing that
 * id was (a former listing's URL), or the product it was merged into.
 */
export const currentProductIdSql = (id: number) =>
  sql`coalesce((select id from products where id = ${id}),
               (select product_id from listings where id = ${id}),
               (select to_id from product_redirects where from_id = ${id}))`;

/** The catalogue product a product id from a URL stands for now (currentProductIdSql), or null. */
export async function currentProductId(db: Db, id: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number | null }>(db, sql`select ${currentProductIdSql(id)} as id`);
  return row?.id ?? null;
}

/**
 * SQL that is true when store `storeId` lists catalogue product `productId`: a store's rating counts reviews of the
 * products it lists (reviews/store-rating.ts, which the catalogue imports, so it takes this from its callers).
 */
export const storeListsProductSql = (storeId: SQL, productId: SQL) =>
  sql`exists (select 1 from listings l where l.product_id = ${productId} and l.store_id = ${storeId})`;

/** SQL: how many listings store `storeId` has (the operator's Sellers page). */
export const storeListingCountSql = (storeId: SQL) =>
  sql<number>`(select count(*)::int from listings l where l.store_id = ${storeId})`;

/**
 * Locks the catalogue products store `storeId` lists, in id order, for this transaction. A change of the store's
 * status refreshes them through a trigger (migration 0005), and checkouts take listings then products in id order,
 * so a suspension that takes them first, in the same order, never waits in a circle with a checkout.
 */
export async function lockStoreProducts(tx: Db, storeId: number): Promise<void> {
  await tx.execute(
    sql`select id from products where id in (select product_id from listings where store_id = ${storeId})
        order by id for no key update`,
  );
}

/** SQL: the catalogue product's name. */
export const productNameSql = (productId: SQL) => sql`(select p.name from products p where p.id = ${productId})`;

/** A catalogue product as a saved item (wishlist, compare list) shows it. */
export type SavedProduct = Pick<
  typeof products.$inferSelect,
  'id' | 'name' | 'image' | 'brand' | 'category' | 'ramGb' | 'storageGb'
>;

/**
 * SQL for `join lateral … on true`: catalogue product `productId` with the columns of SavedProduct; no row when
 * there is no such product.
 */
export const savedProductSql = (productId: SQL) =>
  sql`(select p.id, p.name, p.image, p.brand, p.category, p.ram_gb as "ramGb", p.storage_gb as "storageGb"
       from products p where p.id = ${productId})`;

/**
 * SQL for one store's dashboard, a json object: `products`, how many listings it has; `priceChart`, its newest
 * `chartSize` listings' names and prices, oldest first; `views`, its `viewed` most viewed listings by their
 * catalogue products' page views.
 */
export const storeListingsSql = (storeId: number, { chartSize, viewed }: { chartSize: number; viewed: number }) =>
  sql`json_build_object(
        'products', (select count(*)::int from listings where store_id = ${storeId}),
        'priceChart', coalesce((select json_agg(json_build_object('name', name, 'price', price) order by created_at, id)
                                from (select name, price, created_at, id from listings where store_id = ${storeId}
                                      order by created_at desc, id desc limit ${chartSize}) p), '[]'::json),
        'views', coalesce((select json_agg(json_build_object('name', name, 'views', views) order by views desc, id)
                           from (select l.name, p.views, l.id from listings l join products p on p.id = l.product_id
                                 where l.store_id = ${storeId}
                                 order by p.views desc, l.id limit ${viewed}) v), '[]'::json))`;

/** SQL: the name of listing `listingId` (a cart line's), null when there is no such listing. */
export const listingNameSql = (listingId: SQL) => sql`(select l.name from listings l where l.id = ${listingId})`;

/** Which store each of these listings belongs to (a sale's listings must all be its store's); unknown ids are left out. */
export async function listingStores(db: Db, ids: number[]): Promise<{ id: number; storeId: number }[]> {
  if (ids.length === 0 || ids.some((id) => id > 2_147_483_647)) return [];
  return queryRows(db, sql`select id, store_id as "storeId" from listings where id in ${idList(ids)}`);
}

/** What a sale shows of each of its listings: the listing, its catalogue product, name, photo and price (paisa). */
export type ListingSummary = Pick<typeof listings.$inferSelect, 'id' | 'productId' | 'name' | 'image' | 'price'>;

/** The listings' summaries, by name and then id. */
export async function listingSummaries(db: Db, ids: number[]): Promise<ListingSummary[]> {
  if (ids.length === 0) return [];
  return queryRows(
    db,
    sql`select id, product_id as "productId", name, image, price from listings where id in ${idList(ids)}
        order by name, id`,
  );
}

/** The store's listings as its seller downloads them with their data (modules/account-data), by id. */
export async function exportStoreListings(db: Db, storeId: number): Promise<unknown[]> {
  const rows = await queryRows<{ item: unknown }>(
    db,
    sql`select json_build_object('id', id, 'productId', product_id, 'name', name, 'brand', brand,
          'category', category, 'description', description, 'ram', ram_gb, 'storage', storage_gb, 'price', price,
          'quantity', quantity, 'stock', stock, 'image', image, 'gtin', gtin, 'unitsSold', units_sold,
          'createdAt', created_at, 'updatedAt', updated_at) as item
        from listings where store_id = ${storeId} order by id`,
  );
  return rows.map((r) => r.item);
}

/**
 * The catalogue's columns that may show one of our uploads (a product's and a listing's photo): media keeps a file
 * while one of them mentions it. The app hands them to media (modules/registry.ts), which cannot import the catalogue.
 */
export const catalogUploadColumns = [products.image, products.thumbnail, listings.image, listings.thumbnail];
