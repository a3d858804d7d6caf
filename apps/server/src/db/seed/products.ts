import type { Category } from '@pricehub/shared/schemas/product';
import type { Db } from '../client';
import { pricePoints, products } from '../schema';
import type { SeededStore } from './accounts';
import { allocateIds, insertRows } from './batch';
import { buildCatalogue, type Sku } from './catalogue';
import { HISTORY_DAYS, historyPoints, priceWalk, type HistoryPoint } from './history';
import type { Prng } from './prng';
import { daysAgo } from './time';

export interface SeededProduct {
  id: number;
  sku: Sku;
  storeIndex: number | null;
  storeId: number | null;
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

export async function insertProducts(tx: Db, rng: Prng, stores: SeededStore[], now: Date): Promise<SeededProduct[]> {
  const plan = buildCatalogue(
    rng,
    stores.map((s) => s.focus),
  );
  const ids = await allocateIds(tx, products, plan.length);
  await insertRows(
    tx,
    products,
    plan.map((p, i) => ({
      id: ids[i]!,
      storeId: p.storeIndex === null ? null : stores[p.storeIndex]!.id,
      name: p.name,
      brand: p.brand,
      category: p.category,
      description: p.description,
      ramGb: p.ramGb,
      storageGb: p.storageGb,
      price: p.price,
      quantity: p.quantity,
      stock: p.stock,
      image: p.image,
      thumbnail: p.image,
      gtin: p.gtin,
      views: p.views,
      createdAt: daysAgo(now, p.createdDaysAgo, rng.int(0, 12)),
      updatedAt: daysAgo(now, rng.int(0, 20)),
    })),
  );
  const seeded = plan.map((p, i) => ({
    id: ids[i]!,
    sku: p.sku,
    storeIndex: p.storeIndex,
    storeId: p.storeIndex === null ? null : stores[p.storeIndex]!.id,
    name: p.name,
    brand: p.brand,
    category: p.category,
    image: p.image,
    price: p.price,
    inStock: p.stock === 'instock',
    createdDaysAgo: p.createdDaysAgo,
    prices: priceWalk(rng, p.price, 0.035),
  }));

  // Our sellers' own price history, for the charts next to the external stores' lines.
  const points = seeded
    .filter((p) => p.storeId !== null)
    .flatMap((p) => ownHistory(rng, p, now).map((point) => ({ productId: p.id, ...point })));
  await insertRows(tx, pricePoints, points);
  return seeded;
}

/** A product's price `days` ago (its oldest known price before the 90-day window). */
export const priceOn = (product: SeededProduct, days: number) =>
  product.prices[Math.min(days, product.prices.length - 1)]!;

/** A listing newer than the chart's window starts its line on the day it was listed. */
function ownHistory(rng: Prng, p: SeededProduct, now: Date): HistoryPoint[] {
  const points = historyPoints(rng, p.prices, p.inStock ? null : rng.int(0, 15), now);
  if (p.createdDaysAgo >= HISTORY_DAYS) return points;
  const listedAt = daysAgo(now, p.createdDaysAgo);
  const later = points.filter((point) => point.recordedAt > listedAt);
  return [{ price: priceOn(p, p.createdDaysAgo), inStock: true, recordedAt: listedAt }, ...later];
}
