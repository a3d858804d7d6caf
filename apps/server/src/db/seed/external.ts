import Sentiment from 'sentiment';
import { storageLabel } from './models';
import type { Db } from '../client';
import { externalStores, offers, pricePoints, reviews } from '../schema';
import { matchToCatalogue } from '../../modules/catalog/catalogue';
import { allocateIds, insertRows } from './batch';
import { shopPrice, type Sku } from './catalogue';
import { demoImageUrl } from './images';
import { historyPoints, priceWalk } from './history';
import { hashString, type Prng } from './prng';
import { pickTone, reviewerName, reviewFor } from './review-texts';
import { daysAgo } from './time';

interface ExternalStoreSeed {
  name: string;
  slug: string;
  prefix: string;
  /** How likely this store carries a given model. */
  coverage: number;
  title: (sku: Sku) => string;
}

const EXTERNAL_STORES: readonly ExternalStoreSeed[] = [
  {
    name: 'Daraz Mart',
    slug: 'daraz-mart',
    prefix: 'DM',
    coverage: 0.62,
    title: (sku) =>
      sku.family.category === 'mobile' ? `${sku.name} - PTA Approved` : `${sku.name} (Official Warranty)`,
  },
  {
    name: 'PakTech Online',
    slug: 'paktech-online',
    prefix: 'PT',
    coverage: 0.5,
    title: (sku) => {
      const [ram, storage, , cpu] = sku.variant;
      return `${sku.family.brand} ${sku.family.series}${cpu ? ` ${cpu}` : ''} (${ram}GB/${storageLabel(storage)})`;
    },
  },
  {
    name: 'Galaxy Electronics Hub',
    slug: 'galaxy-electronics-hub',
    prefix: 'GEH',
    coverage: 0.45,
    title: (sku) => `${sku.name} | Box Packed`,
  },
];

export const homepageOf = (slug: string) => `https://${slug}.example`;

/**
 * Three comparison stores with offers on many of our models (priced within 15% of ours), 90 days of their price
 * history, and their shoppers' reviews. Each offer finds its catalogue product as ingestion's do (matchToCatalogue,
 * from the store's title and barcode alone); models no seller of ours lists get a product from their offers.
 * `externalOnly` are the SKUs no listing of ours carries. Returns the product each SKU's offers went to.
 */
export async function insertExternal(
  tx: Db,
  rng: Prng,
  skus: Sku[],
  externalOnly: Sku[],
  now: Date,
): Promise<Map<string, number>> {
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

  const onlyThere = new Set(externalOnly.map((s) => s.key));
  const planned = [];
  for (const sku of skus) {
    for (const [index, store] of EXTERNAL_STORES.entries()) {
      // Models we do not sell ourselves are known only through these stores, so at least two carry them.
      if (!(onlyThere.has(sku.key) && index < 2) && !rng.chance(store.coverage)) continue;
      const itemId = `${store.prefix}-${(hashString(`${store.slug}:${sku.key}`) % 9_000_000) + 1_000_000}`;
      const inStock = !rng.chance(0.12);
      const price = shopPrice(sku.basePrice * (0.88 + rng.next() * 0.22));
      planned.push({
        sku,
        inStock,
        row: {
          externalStoreId: storeRows[index]!.id,
          storeItemId: itemId,
          url: `${homepageOf(store.slug)}/products/${sku.slug}-i${itemId.split('-')[1]}.html`,
          name: store.title(sku),
          description: sku.family.features,
          image: demoImageUrl(sku.slug),
          brand: sku.family.brand,
          gtin: sku.gtin && rng.chance(0.75) ? sku.gtin : null,
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
  // Feeds state no RAM or storage apart from the title: matching reads them from it, as for a real feed.
  const matches = await matchToCatalogue(
    tx,
    planned.map((p) => ({
      name: p.row.name,
      brand: p.row.brand,
      category: p.sku.family.category,
      description: p.row.description,
      ramGb: 0,
      storageGb: 0,
      gtin: p.row.gtin,
      image: p.row.image,
    })),
  );
  const offerIds = await allocateIds(tx, offers, planned.length);
  await insertRows(
    tx,
    offers,
    planned.map((p, i) => ({
      id: offerIds[i]!,
      productId: matches[i]!.productId,
      matchedBy: matches[i]!.matchedBy,
      ...p.row,
    })),
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
      const { text, rating } = reviewFor(rng, p.sku.family.category, pickTone(rng));
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
  return new Map(planned.map((p, i) => [p.sku.key, matches[i]!.productId]));
}
