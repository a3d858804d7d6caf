import { sql } from 'drizzle-orm';
import type { Category } from '@pricehub/shared/schemas/product';
import type { Db } from '../client';
import { listings, pricePoints, products } from '../schema';
import { matchToCatalogue, type CatalogueItem } from '../../modules/catalog/catalogue';
import type { SeededStore } from './accounts';
import { allocateIds, insertRows } from './batch';
import { buildCatalogue, type ListingSeed, type Sku } from './catalogue';
import { HISTORY_DAYS, historyPoints, priceWalk, type HistoryPoint } from './history';
import type { Prng } from './prng';
import { daysAgo } from './time';

/** One of our sellers' listings as seeded: what cart lines, order lines, sales and our price history hold. */
export interface SeededListing {
  id: number;
  /** The catalogue product matching put it under. */
  productId: number;
  sku: Sku;
  storeIndex: number;
  storeId: number;
  name: string;
  brand: string;
  category: Category;
  image: string;
  price: number;
  inStock: boolean;
  createdDaysAgo: number;
  /** Our price on each of the last 90 days (index = days ago); orders in that window are priced from it. */
  prices: number[];
}

export interface SeededCatalogue {
  listings: SeededListing[];
  /** Models known only through the comparison stores (no listing of ours). */
  externalOnly: Sku[];
  /** Page views per SKU key, given to each catalogue product once its offers are in. */
  views: Map<string, number>;
}

/** What a listing says of the thing it sells: matching reads it, and the listing row keeps it. */
const describing = (l: ListingSeed): Omit<CatalogueItem, 'newProductId' | 'origin' | 'offer'> => ({
  name: l.name,
  brand: l.brand,
  category: l.category,
  description: l.description,
  ramGb: l.ramGb,
  storageGb: l.storageGb,
  gtin: l.gtin,
  image: l.image,
});

/**
 * Our sellers' listings, attached to catalogue products by the same matching a seller's new listing goes through
 * (modules/catalog/catalogue): the first listing of a model makes its product (sharing the listing's id), the other
 * sellers' listings of it, worded their own way, join that product.
 */
export async function insertListings(tx: Db, rng: Prng, stores: SeededStore[], now: Date): Promise<SeededCatalogue> {
  const plan = buildCatalogue(
    rng,
    stores.map((s) => s.focus),
  );
  // Listing ids come from the products' sequence (a product made for a listing shares its id).
  const ids = await allocateIds(tx, products, plan.listings.length);
  const matches = await matchToCatalogue(
    tx,
    plan.listings.map((l, i) => ({ ...describing(l), newProductId: ids[i]! })),
  );
  await insertRows(
    tx,
    listings,
    plan.listings.map((l, i) => {
      const createdAt = daysAgo(now, l.createdDaysAgo, rng.int(0, 12));
      return {
        id: ids[i]!,
        productId: matches[i]!.productId,
        storeId: stores[l.storeIndex]!.id,
        ...describing(l),
        price: l.price,
        quantity: l.quantity,
        stock: l.stock,
        thumbnail: l.image,
        matchedBy: matches[i]!.matchedBy,
        createdAt,
        updatedAt: new Date(Math.max(createdAt.getTime(), daysAgo(now, rng.int(0, 20)).getTime())),
      };
    }),
  );
  const seeded = plan.listings.map((l, i) => ({
    id: ids[i]!,
    productId: matches[i]!.productId,
    sku: l.sku,
    storeIndex: l.storeIndex,
    storeId: stores[l.storeIndex]!.id,
    name: l.name,
    brand: l.brand,
    category: l.category,
    image: l.image,
    price: l.price,
    inStock: l.stock === 'instock',
    createdDaysAgo: l.createdDaysAgo,
    prices: priceWalk(rng, l.price, 0.035),
  }));

  // Our sellers' own price history, for the charts next to the external stores' lines.
  const points = seeded.flatMap((l) => ownHistory(rng, l, now).map((point) => ({ listingId: l.id, ...point })));
  await insertRows(tx, pricePoints, points);
  return { listings: seeded, externalOnly: plan.externalOnly, views: plan.views };
}

/**
 * A catalogue product is as old as its first listing or offer, and has the page views planned for its model
 * (matching made the products; their dates and views are the demo's history).
 */
export async function datePlannedProducts(tx: Db, views: { productId: number; views: number }[]): Promise<void> {
  await tx.execute(sql`
    update products p set created_at = d.first, updated_at = greatest(d.last, d.first)
    from (select product_id, min(created_at) as first, max(updated_at) as last
          from (select product_id, created_at, updated_at from listings
                union all select product_id, created_at, last_checked_at from offers) o
          group by product_id) d
    where p.id = d.product_id`);
  await tx.execute(sql`
    update products p set views = v.views
    from json_to_recordset(${JSON.stringify(views)}::json) as v("productId" int, views int)
    where p.id = v."productId"`);
}

/** A listing's price `days` ago (its oldest known price before the 90-day window). */
export const priceOn = (listing: SeededListing, days: number) =>
  listing.prices[Math.min(days, listing.prices.length - 1)]!;

/** A listing newer than the chart's window starts its line on the day it was listed. */
function ownHistory(rng: Prng, l: SeededListing, now: Date): HistoryPoint[] {
  const points = historyPoints(rng, l.prices, l.inStock ? null : rng.int(0, 15), now);
  if (l.createdDaysAgo >= HISTORY_DAYS) return points;
  const listedAt = daysAgo(now, l.createdDaysAgo);
  const later = points.filter((point) => point.recordedAt > listedAt);
  return [{ price: priceOn(l, l.createdDaysAgo), inStock: true, recordedAt: listedAt }, ...later];
}
