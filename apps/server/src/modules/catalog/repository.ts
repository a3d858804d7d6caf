import { sql, type SQL } from 'drizzle-orm';
import type { Category, Product } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../db/client';
import { openStoresSql, storesSql } from '../accounts/queries';
import { availableOffersSql } from '../offers/queries';
import { activeSaleSql, unitPrice, type ActiveSale } from '../sales/pricing';

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
 * card are those of our cheapest listing (in stock first) that "Add to Cart" buys (`listingId`).
 */
export async function loadCards(
  db: Db,
  ids: number[],
  now: Date,
  options: CardOptions = {},
): Promise<Map<number, Card>> {
  const cards = new Map<number, Card>();
  if (ids.length === 0) return cards;
  const rows = await queryRows<CardRow>(
    db,
    sql`select p.id, p.name, p.brand, p.category, p.description, p.ram_gb, p.storage_gb, p.image, p.thumbnail, p.gtin,
          p.views, p.lowest_price, ours.listings, ext.ext_min_in_stock, ext.ext_min,
          coalesce(ext.ext_stores, 0) as ext_stores, ext.ext_best_store
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
        ) ext on true
        where p.id in (${sqlList([...new Set(ids)])})`,
  );
  for (const row of rows) cards.set(row.id, toCard(row, options));
  return cards;
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
        where l.id in (${sqlList([...new Set(ids)])})`,
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
