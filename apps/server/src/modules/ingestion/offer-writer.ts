import type { Db } from '../../db/client';
import { matchToCatalogue, type CatalogueItem } from '../catalog/catalogue';
import { guessCategory } from '../catalog/matching';
import {
  insertOfferPricePoints,
  insertOffers,
  markOffersChecked,
  offersByItemId,
  updateOffers,
  type ChangedOffer,
  type OfferPricePoint,
  type OfferRow,
} from '../offers/repository';
import { replaceOfferReviews } from '../reviews/repository';
import { scoreText } from '../sentiment/service';
import type { ParsedItem } from './parsers/types';

export type ItemOutcome = 'new' | 'updated' | 'unchanged';

/**
 * Writes a batch of items of one store inside the caller's transaction: attaches new items to catalogue products
 * (catalog/catalogue.ts: GTIN first, then brand + model + specs; a product is made when none matches), inserts or
 * updates offers, and records a price point only when the price or availability changed. Products' prices and counts
 * follow by trigger. Works the same for a batch of one (the fallback when a batch fails).
 */
export async function writeOffers(
  tx: Db,
  storeId: number,
  items: ParsedItem[],
  checkedAt: Date,
): Promise<ItemOutcome[]> {
  const existing = await offersByItemId(
    tx,
    storeId,
    items.map((i) => i.storeItemId),
  );
  const outcomes: ItemOutcome[] = [];
  const fresh: ParsedItem[] = [];
  const points: OfferPricePoint[] = [];
  const unchangedIds: number[] = [];
  const changed: ChangedOffer[] = [];
  const reviewed: { offerId: number; item: ParsedItem }[] = [];

  for (const item of items) {
    const old = existing.get(item.storeItemId);
    if (!old) {
      fresh.push(item);
      outcomes.push('new');
      continue;
    }
    const outcome = compareOffer(old, item, checkedAt, changed, points);
    if (outcome === 'unchanged') unchangedIds.push(old.id);
    if (item.reviews.length > 0) reviewed.push({ offerId: old.id, item });
    outcomes.push(outcome);
  }

  if (fresh.length > 0) {
    const matches = await matchToCatalogue(
      tx,
      fresh.map((item) => catalogueItem(item, storeId)),
    );
    const inserted = await insertOffers(
      tx,
      fresh.map((item, i) => ({
        storeId,
        productId: matches[i]!.productId,
        matchedBy: matches[i]!.matchedBy,
        storeItemId: item.storeItemId,
        ...offerFields(item),
      })),
      checkedAt,
    );
    inserted.forEach((o, i) => {
      points.push({ offerId: o.id, price: o.price, inStock: o.inStock, recordedAt: checkedAt });
      if (fresh[i]!.reviews.length > 0) reviewed.push({ offerId: o.id, item: fresh[i]! });
    });
  }

  await updateOffers(tx, changed, checkedAt);
  await markOffersChecked(tx, unchangedIds, checkedAt);
  await insertOfferPricePoints(tx, points);
  await replaceReviews(tx, reviewed);
  return outcomes;
}

/** Feeds rarely state RAM and storage apart from the title: catalog/catalogue.ts reads them from the name. */
const catalogueItem = (item: ParsedItem, storeId: number): CatalogueItem => ({
  name: item.name,
  brand: item.brand,
  category: guessCategory(item.productType, item.name),
  description: item.description ?? '',
  ramGb: 0,
  storageGb: 0,
  gtin: item.gtin,
  image: item.image,
  // An operator's decision about this item of this store holds when it comes again (a store deleted and re-added).
  origin: { externalStoreId: storeId, storeItemId: item.storeItemId },
  offer: { price: item.price, inStock: item.inStock },
});

const offerFields = (item: ParsedItem) => ({
  url: item.url,
  name: item.name,
  description: item.description,
  image: item.image,
  brand: item.brand,
  gtin: item.gtin,
  mpn: item.mpn,
  price: item.price,
  currency: item.currency,
  inStock: item.inStock,
  available: true,
  ratingValue: item.ratingValue,
  ratingCount: item.ratingCount,
});

/** Whether the item changes its offer; a changed offer is queued in `changed`, with a price point if its price moved. */
function compareOffer(
  old: OfferRow,
  item: ParsedItem,
  checkedAt: Date,
  changed: ChangedOffer[],
  points: OfferPricePoint[],
): ItemOutcome {
  const fields = offerFields(item);
  const priceMoved = old.price !== item.price || old.inStock !== item.inStock || !old.available;
  const differs =
    priceMoved ||
    (Object.keys(fields) as (keyof typeof fields)[]).some((k) => (old[k] ?? null) !== (fields[k] ?? null));
  if (!differs) return 'unchanged';
  changed.push({ id: old.id, ...fields });
  if (priceMoved) points.push({ offerId: old.id, price: item.price, inStock: item.inStock, recordedAt: checkedAt });
  return 'updated';
}

/** The offers' reviews become those their feed carries now, at most 50 each, scored as the shop scores its own. */
async function replaceReviews(tx: Db, reviewed: { offerId: number; item: ParsedItem }[]): Promise<void> {
  await replaceOfferReviews(
    tx,
    reviewed.map((r) => r.offerId),
    reviewed.flatMap(({ offerId, item }) =>
      item.reviews.slice(0, 50).map((r) => ({
        offerId,
        author: r.author.slice(0, 200),
        text: r.text.slice(0, 5000),
        rating: r.rating,
        sentimentScore: scoreText(r.text),
      })),
    ),
  );
}
