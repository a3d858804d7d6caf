import { sql } from 'drizzle-orm';
import Sentiment from 'sentiment';
import { storageLabel } from './models';
import type { Db } from '../client';
import { externalStores, offers, pricePoints, reviews } from '../schema';
import { allocateIds, insertRows } from './batch';
import { shopPrice } from './catalogue';
import { historyPoints, priceWalk } from './history';
import type { SeededProduct } from './products';
import { hashString, type Prng } from './prng';
import { pickTone, reviewerName, reviewFor } from './review-texts';
import { daysAgo } from './time';

interface ExternalStoreSeed {
  name: string;
  slug: string;
  prefix: string;
  /** How likely this store carries a given model. */
  coverage: number;
  title: (p: SeededProduct) => string;
}

const EXTERNAL_STORES: readonly ExternalStoreSeed[] = [
  {
    name: 'Daraz Mart',
    slug: 'daraz-mart',
    prefix: 'DM',
    coverage: 0.62,
    title: (p) => (p.category === 'mobile' ? `${p.name} - PTA Approved` : `${p.name} (Official Warranty)`),
  },
  {
    name: 'PakTech Online',
    slug: 'paktech-online',
    prefix: 'PT',
    coverage: 0.5,
    title: (p) => {
      const [ram, storage, , cpu] = p.sku.variant;
      return `${p.brand} ${p.sku.family.series}${cpu ? ` ${cpu}` : ''} (${ram}GB/${storageLabel(storage)})`;
    },
  },
  {
    name: 'Galaxy Electronics Hub',
    slug: 'galaxy-electronics-hub',
    prefix: 'GEH',
    coverage: 0.45,
    title: (p) => `${p.name} | Box Packed`,
  },
];

export const homepageOf = (slug: string) => `https://${slug}.example`;

/**
 * Three comparison stores with offers on many of our models (priced within 15% of ours), 90 days of their price
 * history, and their shoppers' reviews.
 */
export async function insertExternal(tx: Db, rng: Prng, catalogue: SeededProduct[], now: Date): Promise<number> {
  const storeRows = await tx
    .insert(externalStores)
    .values(
      EXTERNAL_STORES.map((s, i) => ({
        name: s.name,
        slug: s.slug,
        homepage: homepageOf(s.slug),
        format: 'auto',
        lastRefreshedAt: daysAgo(now, 0, 2 + i),
        createdAt: daysAgo(now, 150),
      })),
    )
    .returning({ id: externalStores.id });

  // One offer per model and store, attached to the model's first listing (the others are the same model).
  const firstListing = new Map<string, SeededProduct>();
  for (const p of catalogue) if (!firstListing.has(p.sku.key)) firstListing.set(p.sku.key, p);
  const externalOnly = (p: SeededProduct) => p.storeId === null;

  const planned = [];
  for (const product of firstListing.values()) {
    for (const [index, store] of EXTERNAL_STORES.entries()) {
      // Models we do not sell ourselves are known only through these stores, so at least two carry them.
      if (!(externalOnly(product) && index < 2) && !rng.chance(store.coverage)) continue;
      const itemId = `${store.prefix}-${(hashString(`${store.slug}:${product.sku.key}`) % 9_000_000) + 1_000_000}`;
      const inStock = !rng.chance(0.12);
      const price = shopPrice(product.sku.basePrice * (0.88 + rng.next() * 0.22));
      planned.push({
        product,
        inStock,
        row: {
          externalStoreId: storeRows[index]!.id,
          productId: product.id,
          storeItemId: itemId,
          url: `${homepageOf(store.slug)}/products/${product.sku.slug}-i${itemId.split('-')[1]}.html`,
          name: store.title(product),
          description: product.sku.family.features,
          image: product.image,
          brand: product.brand,
          gtin: product.sku.gtin && rng.chance(0.75) ? product.sku.gtin : null,
          price,
          currency: 'PKR',
          inStock,
          available: true,
          ratingValue: Math.round((3.4 + rng.next() * 1.5) * 10) / 10,
          ratingCount: rng.int(0, 420),
          lastCheckedAt: daysAgo(now, 0, rng.int(1, 6)),
          createdAt: daysAgo(now, rng.int(95, 140)),
        },
      });
    }
  }
  const offerIds = await allocateIds(tx, offers, planned.length);
  await insertRows(
    tx,
    offers,
    planned.map((p, i) => ({ id: offerIds[i]!, ...p.row })),
  );

  const points = planned.flatMap((p, i) =>
    historyPoints(rng, priceWalk(rng, p.row.price, 0.07), p.inStock ? null : rng.int(0, 12), now).map((point) => ({
      offerId: offerIds[i]!,
      ...point,
    })),
  );
  await insertRows(tx, pricePoints, points);

  const sentiment = new Sentiment();
  const offerReviews = planned.flatMap((p, i) => {
    const count = rng.chance(0.55) ? rng.int(1, 3) : 0;
    return Array.from({ length: count }, () => {
      const { text, rating } = reviewFor(rng, p.product.category, pickTone(rng));
      return {
        offerId: offerIds[i]!,
        author: reviewerName(rng),
        rating,
        text,
        sentimentScore: sentiment.analyze(text).score,
        createdAt: daysAgo(now, rng.int(1, 120), rng.int(0, 23)),
      };
    });
  });
  await insertRows(tx, reviews, offerReviews);

  // A product no seller lists is priced at its lowest offer.
  await tx.execute(sql`
    update products p set price = o.lowest
    from (select product_id, min(price) as lowest from offers group by product_id) o
    where p.id = o.product_id and p.store_id is null`);
  return planned.length;
}
