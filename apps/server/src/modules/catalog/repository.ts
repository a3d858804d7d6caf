import { sql, type SQL } from 'drizzle-orm';
import type { Category, Product, StoreSummary } from '@pricehub/shared/schemas/product';
import { intsParam, queryRows, type Db } from '../../db/client';
import type { products } from '../../db/schema';
import { openStoresSql, storesSql } from '../accounts/queries';
import { availableOffersSql } from '../offers/queries';
import { activeSaleSql, saleWindowSql, unitPrice, type ActiveSale } from '../sales/pricing';
import { keptCards, type KeptCards } from './card-cache';
import { currentProductIdSql } from './queries';

/** Catalogue products shoppers may see (kept by triggers: a listing in an open store, or another store's offer). */
export const visibleProduct = (alias: string): SQL => sql.raw(`${alias}.visible`);

/** `a, b, c` as bound parameters, for `in (…)`. */
export const sqlList = (values: (number | string)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** One of our listings of a card's product, in an open store, as the card statement reads it. */
interface ListingJson {
  id: number;
  price: number;
  quantity: number;
  stock: 'instock' | 'outofstock';
  image: string;
  store_id: number;
  slug: string;
  store: string;
  sale: ActiveSale | null;
}

/** What a card shows of the thing it is about: a catalogue product's wording and specs, or a listing's own. */
interface Described {
  name: string;
  brand: string;
  category: Category;
  description: string;
  ram_gb: number;
  storage_gb: number;
  image: string;
  thumbnail: string;
  gtin: string | null;
}

/** The card's words and specs, in the order a card lists them. */
const wordingOf = (r: Described) => ({
  name: r.name,
  brand: r.brand,
  category: r.category,
  description: r.description,
  ram: r.ram_gb,
  storage: r.storage_gb,
});

interface CardRow extends Described {
  id: number;
  views: number;
  lowest_price: number;
  listings: ListingJson[] | null;
  ext_min_in_stock: number | null;
  ext_min: number | null;
  ext_stores: number;
  ext_best_store: string | null;
  /** With the sale window only (readCards): epoch ms, null when no sale of its listings starts or ends that way. */
  sales_since?: number | null;
  sales_until?: number | null;
}

/** A card and the name of the store that sells it at `lowestPrice` (ours or another store), for lists that say where. */
export interface Card {
  product: Product;
  lowestStore: string | null;
}

export interface CardOptions {
  /** On a store's page: describe that store's listing (price, stock, cart) rather than our cheapest one. */
  storeId?: number;
}

/**
 * Cards for catalogue products, by id, in the given order (unknown ids are left out), in one statement: per product
 * our listings in open stores with their running sale (sales/pricing) and its available offers of other stores.
 * `lowestPrice` is the lowest price a shopper pays now (sales applied; in-stock offers first, as products.lowest_price
 * is kept), `offerCount` the stores with an available offer, and the price, sale, stock, quantity and store of the
 * card are those of our cheapest listing (in stock first) that "Add to Cart" buys (`listingId`). Where the app keeps
 * cards for `db` (card-cache.ts), the default cards still fresh come from there and the statement reads the others.
 */
export async function loadCards(
  db: Db,
  ids: number[],
  now: Date,
  options: CardOptions = {},
): Promise<Map<number, Card>> {
  const cards = new Map<number, Card>();
  if (ids.length === 0) return cards;
  const wanted = [...new Set(ids)];
  // A store page's card describes that store's listing: only the default card is kept.
  const kept = options.storeId === undefined ? keptCards(db) : undefined;
  if (!kept) {
    for (const row of await readCards(db, wanted, now)) cards.set(row.id, toCard(row, options));
    return cards;
  }
  const found = new Map<number, Card>();
  const missing = wanted.filter((id) => {
    const card = kept.get(id, now.getTime());
    if (card) found.set(id, card);
    return !card;
  });
  if (missing.length > 0) for (const [id, card] of await readAndKeep(db, kept, missing, now)) found.set(id, card);
  for (const id of wanted) {
    const card = found.get(id);
    if (card) cards.set(id, card);
  }
  return cards;
}

/** The default cards of `ids` read from the database, each kept unless a change was heard while it was read. */
async function readAndKeep(db: Db, kept: KeptCards, ids: number[], now: Date): Promise<Map<number, Card>> {
  const cards = new Map<number, Card>();
  // Before the read: a change heard from here on leaves what it reads stale.
  const reading = kept.reading();
  for (const row of await readCards(db, ids, now, reading !== undefined)) {
    const card = toCard(row, {});
    cards.set(row.id, card);
    if (reading) {
      kept.keep(reading, row.id, card, { from: row.sales_since ?? -Infinity, until: row.sales_until ?? Infinity });
    }
  }
  return cards;
}

/** Cards per statement while reading ahead: some tens of milliseconds of PostgreSQL each, one at a time. */
const READ_AHEAD_BATCH = 500;

/**
 * Reads and keeps the default cards of the `leading` products (the most asked for first) that are not kept yet, as
 * many as the kept cards hold, so that a process just started answers from memory what a process long running
 * would: without it, the page of each search is a card statement for minutes after a start. The least asked for
 * are read first, so that the most asked for are the last the kept cards drop. Stops once the kept cards it fills
 * are no longer kept for `db` (keepCards' stop, when the app closes). Answers how many cards it read.
 */
export async function readCardsAhead(db: Db, leading: (n: number) => number[], now: () => Date): Promise<number> {
  const kept = keptCards(db);
  if (!kept) return 0;
  const wanted = leading(kept.maxCards);
  let read = 0;
  for (let end = wanted.length; end > 0 && keptCards(db) === kept; end -= READ_AHEAD_BATCH) {
    const at = now();
    const missing = wanted.slice(Math.max(0, end - READ_AHEAD_BATCH), end).filter((id) => !kept.get(id, at.getTime()));
    if (missing.length === 0) continue;
    const cards = await readAndKeep(db, kept, missing, at);
    read += cards.size;
    // Their text too, which a search answer sends (card-cache.ts json): made here, before the process serves.
    for (const card of cards.values()) kept.json(card.product);
  }
  return read;
}

/**
 * The card statement for `ids` (distinct). With `saleWindow`, each row also says between which moments its listings'
 * sales stay as they are at `now` (card-cache.ts keeps the card for those moments only). The ids go as one array, so
 * the statement's text is the same however many cards are missing: each connection prepares it once, and PostgreSQL
 * can keep one plan for it instead of planning each of 24 texts (about 0.4 ms a read at 100k).
 */
function readCards(db: Db, ids: number[], now: Date, saleWindow = false): Promise<CardRow[]> {
  const windowColumns = saleWindow ? sql`, sw.sales_since, sw.sales_until` : sql``;
  const windowJoin = saleWindow
    ? sql`
        left join lateral (
          select max(w.since) as sales_since, min(w.until) as sales_until
          from listings l cross join lateral ${saleWindowSql(sql`l.id`, now)} w
          where l.product_id = p.id
        ) sw on true`
    : sql``;
  return queryRows<CardRow>(
    db,
    sql`select p.id, p.name, p.brand, p.category, p.description, p.ram_gb, p.storage_gb, p.image, p.thumbnail, p.gtin,
          p.views, p.lowest_price, ours.listings, ext.ext_min_in_stock, ext.ext_min,
          coalesce(ext.ext_stores, 0) as ext_stores, ext.ext_best_store${windowColumns}
        from products p
        left join lateral (
          select json_agg(json_build_object('id', l.id, 'price', l.price, 'quantity', l.quantity, 'stock', l.stock,
                   'image', l.image, 'store_id', s.id, 'slug', s.slug, 'store', s.name,
                   'sale', ${activeSaleSql(sql`l.id`, now)}) order by l.id) as listings
          from listings l join ${openStoresSql} s on s.id = l.store_id
          where l.product_id = p.id
        ) ours on true
        left join lateral (
          select (min(o.price) filter (where o.in_stock))::int as ext_min_in_stock, min(o.price)::int as ext_min,
                 count(distinct o.external_store_id)::int as ext_stores,
                 (array_agg(o.store order by (not o.in_stock), o.price, o.store))[1] as ext_best_store
          from ${availableOffersSql(sql`p.id`)} o
        ) ext on true${windowJoin}
        where p.id = any(${intsParam(ids)})`,
  );
}

/** The cards alone (search results, home, recommendations, store pages). */
export async function loadProducts(db: Db, ids: number[], now: Date, options: CardOptions = {}): Promise<Product[]> {
  const cards = await loadCards(db, ids, now, options);
  return ids.map((id) => cards.get(id)?.product).filter((p): p is Product => p !== undefined);
}

interface Priced extends ListingJson {
  pays: number;
  inStock: boolean;
}

const cheapest = <T extends { pays: number; id: number }>(rows: T[]): T | undefined =>
  rows.reduce<T | undefined>(
    (best, r) => (!best || r.pays < best.pays || (r.pays === best.pays && r.id < best.id) ? r : best),
    undefined,
  );

const minOf = (values: (number | null | undefined)[]): number | null => {
  const present = values.filter((v): v is number => v !== null && v !== undefined);
  return present.length > 0 ? Math.min(...present) : null;
};

function toCard(r: CardRow, options: CardOptions): Card {
  const listings: Priced[] = (r.listings ?? []).map((l) => ({
    ...l,
    pays: unitPrice(l.price, l.sale ?? undefined),
    inStock: l.quantity > 0 && l.stock === 'instock',
  }));
  const inStock = listings.filter((l) => l.inStock);
  const ourBestInStock = cheapest(inStock);
  const ourBest = cheapest(listings);

  // The price a shopper pays now: the cheapest in-stock offer, else the cheapest available one.
  const anyInStock = ourBestInStock !== undefined || r.ext_min_in_stock !== null;
  const ours = anyInStock ? ourBestInStock : ourBest;
  const theirs = anyInStock ? r.ext_min_in_stock : r.ext_min;
  const lowest = minOf([ours?.pays, theirs]);
  const lowestStore = lowest === null ? null : ours && ours.pays === lowest ? ours.store : r.ext_best_store;

  const ownStore = options.storeId === undefined ? [] : listings.filter((l) => l.store_id === options.storeId);
  const listing = cheapest(ownStore.filter((l) => l.inStock)) ?? cheapest(ownStore) ?? ourBestInStock ?? ourBest;
  const stores = new Set(listings.map((l) => l.store_id)).size + Number(r.ext_stores);
  const sale = listing?.sale ?? undefined;

  const product: Product = {
    id: r.id,
    ...wordingOf(r),
    price: listing ? listing.price : (lowest ?? r.lowest_price),
    ...(listing && sale ? { salePrice: listing.pays, sale } : {}),
    stock: anyInStock ? 'instock' : 'outofstock',
    quantity: listing?.quantity ?? 0,
    image: r.image || listing?.image || '',
    thumbnail: r.thumbnail || r.image || listing?.image || '',
    store: listing ? { slug: listing.slug, name: listing.store } : null,
    lowestPrice: lowest ?? r.lowest_price,
    offerCount: stores,
    storeCount: stores,
    listingId: listing?.id ?? null,
    gtin: r.gtin,
    views: r.views,
  };
  return { product, lowestStore };
}

interface ListingRow extends Described {
  id: number;
  product_id: number;
  price: number;
  quantity: number;
  stock: 'instock' | 'outofstock';
  slug: string;
  store: string;
  sale: ActiveSale | null;
  lowest_price: number;
  offer_count: number;
  views: number;
}

/**
 * Listings in the card shape (the seller's workspace): `id` is the listing, `productId` its catalogue product, the
 * wording and specs are the seller's own, and `lowestPrice` / `offerCount` sum up the catalogue product's offers.
 * One statement; the order of `ids` is kept.
 */
export async function loadListings(db: Db, ids: number[], now: Date): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ListingRow>(
    db,
    sql`select l.id, l.product_id, l.name, l.brand, l.category, l.description, l.ram_gb, l.storage_gb, l.price,
          l.quantity, l.stock, l.image, l.thumbnail, l.gtin, s.slug, s.name as store,
          ${activeSaleSql(sql`l.id`, now)} as sale, p.lowest_price, p.offer_count, p.views
        from listings l join ${storesSql} s on s.id = l.store_id join products p on p.id = l.product_id
        where l.id = any(${intsParam([...new Set(ids)])})`,
  );
  const byId = new Map(
    rows.map((r): [number, Product] => {
      const sale = r.sale ?? undefined;
      return [
        r.id,
        {
          id: r.id,
          productId: r.product_id,
          ...wordingOf(r),
          price: r.price,
          ...(sale ? { salePrice: unitPrice(r.price, sale), sale } : {}),
          stock: r.quantity > 0 && r.stock === 'instock' ? 'instock' : 'outofstock',
          quantity: r.quantity,
          image: r.image,
          thumbnail: r.thumbnail || r.image,
          store: { slug: r.slug, name: r.store },
          lowestPrice: r.lowest_price,
          offerCount: r.offer_count,
          storeCount: r.offer_count,
          listingId: r.id,
          gtin: r.gtin,
          views: r.views,
        },
      ];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

type ProductColumns = typeof products.$inferSelect;

/**
 * What an id from a product URL names, in one statement: the catalogue product's visibility and lowest price (null
 * when there is no such product), and the catalogue product it moved to when it is one of our listings or a merged
 * product.
 */
export async function productLocation(
  db: Db,
  id: number,
): Promise<{ [K in 'visible' | 'lowestPrice']: ProductColumns[K] | null } & { movedTo: number | null }> {
  const [row] = await queryRows<{ visible: boolean | null; lowestPrice: number | null; movedTo: number | null }>(
    db,
    sql`select p.visible, p.lowest_price as "lowestPrice",
          coalesce((select l.product_id from listings l where l.id = ${id} and l.product_id <> ${id}),
                   (select r.to_id from product_redirects r where r.from_id = ${id})) as "movedTo"
        from (select 1) one left join products p on p.id = ${id}`,
  );
  return row!;
}

/**
 * Up to `limit` visible products of `product`'s category to recommend, best first: within ±30% of `price`, then the
 * same brand, then the same RAM/storage, then the closest price. `nearPrice` reads only the products within ±30%,
 * from the category's price index, instead of ranking the whole category (140 ms at 100k products).
 */
export async function recommendedProductIds(
  db: Db,
  product: Pick<Product, 'id' | 'category' | 'brand' | 'ram' | 'storage'>,
  price: number,
  limit: number,
  nearPrice: boolean,
): Promise<number[]> {
  const band = nearPrice
    ? sql`and p.lowest_price between ${Math.floor(price * 0.7)} and ${Math.ceil(price * 1.3)}
        and abs(p.lowest_price::bigint - ${price}) * 10 <= ${price}::bigint * 3`
    : sql``;
  const rows = await queryRows<Pick<ProductColumns, 'id'>>(
    db,
    sql`select p.id from products p
        where p.category = ${product.category} and p.id <> ${product.id} and ${visibleProduct('p')} ${band}
        order by (abs(p.lowest_price::bigint - ${price}) * 10 <= ${price}::bigint * 3) desc,
                 (p.brand = ${product.brand}) desc,
                 ((p.ram_gb = ${product.ram})::int + (p.storage_gb = ${product.storage})::int) desc,
                 abs(p.lowest_price::bigint - ${price}) asc, p.id asc
        limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** The catalogue product whose page an id opens (itself, a listing's product, a merged product's), with its views. */
export async function viewedProduct(db: Db, id: number): Promise<Pick<ProductColumns, 'id' | 'views'> | undefined> {
  const [product] = await queryRows<Pick<ProductColumns, 'id' | 'views'>>(
    db,
    sql`select p.id, p.views from products p where p.id = ${currentProductIdSql(id)}`,
  );
  return product;
}

/**
 * Counts a view of the product unless this viewer was counted since `cutoff`, in one statement: the upsert only
 * touches a stale row, and the counter moves only when it did. The new count, or undefined when not counted.
 */
export async function countView(
  db: Db,
  view: { productId: number; viewerKey: string; viewedAt: Date; cutoff: Date },
): Promise<Pick<ProductColumns, 'views'> | undefined> {
  const [row] = await queryRows<Pick<ProductColumns, 'views'>>(
    db,
    sql`with counted as (
          insert into product_views (product_id, viewer_key, viewed_at)
          values (${view.productId}, ${view.viewerKey}, ${view.viewedAt})
          on conflict (product_id, viewer_key) do update set viewed_at = excluded.viewed_at
            where product_views.viewed_at <= ${view.cutoff}
          returning 1
        )
        update products set views = views + 1 where id = ${view.productId} and exists (select 1 from counted)
        returning views`,
  );
  return row;
}

const rankedProductIds = async (db: Db, order: SQL, limit: number): Promise<number[]> =>
  (
    await queryRows<Pick<ProductColumns, 'id'>>(
      db,
      sql`select p.id from products p where ${visibleProduct('p')} order by ${order} limit ${limit}`,
    )
  ).map((r) => r.id);

/** The home page's best sellers: visible products by units sold, then views. */
export const bestSellingProductIds = (db: Db, limit: number): Promise<number[]> =>
  rankedProductIds(db, sql`p.units_sold desc, p.views desc, p.id asc`, limit);

/** The home page's trending products: visible products by views, then units sold. */
export const trendingProductIds = (db: Db, limit: number): Promise<number[]> =>
  rankedProductIds(db, sql`p.views desc, p.units_sold desc, p.id asc`, limit);

/**
 * The home page's vendors, as its payload lists them: open stores by the units their listings sold; products counted
 * once each however often the store lists them.
 */
export function topVendors(db: Db, limit: number): Promise<StoreSummary[]> {
  return queryRows<StoreSummary>(
    db,
    sql`select s.slug, s.name, coalesce(sum(l.units_sold), 0)::int as "unitsSold",
          count(distinct l.product_id)::int as "productCount"
        from ${openStoresSql} s left join listings l on l.store_id = s.id
        group by s.id, s.slug, s.name order by "unitsSold" desc, "productCount" desc, s.id asc limit ${limit}`,
  );
}

/** One page of the catalogue products a store lists, newest listing first, each once. */
export async function storeProductIds(
  db: Db,
  storeId: number,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<number[]> {
  const rows = await queryRows<Pick<ProductColumns, 'id'>>(
    db,
    sql`select l.product_id as id from listings l where l.store_id = ${storeId}
        group by l.product_id order by max(l.created_at) desc, l.product_id desc
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return rows.map((r) => r.id);
}

/** How many catalogue products a store lists. */
export async function storeProductCount(db: Db, storeId: number): Promise<number> {
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(distinct l.product_id)::int as total from listings l where l.store_id = ${storeId}`,
  );
  return counted?.total ?? 0;
}

/** The sitemap's products: visible catalogue products, most recently changed first. */
export function sitemapProducts(db: Db): Promise<Pick<ProductColumns, 'id' | 'updatedAt'>[]> {
  return queryRows<Pick<ProductColumns, 'id' | 'updatedAt'>>(
    db,
    sql`select p.id, p.updated_at as "updatedAt" from products p where ${visibleProduct('p')}
        order by p.updated_at desc limit 45000`,
  );
}
