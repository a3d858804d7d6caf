import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { offers } from '../../db/schema';
import { replaceOfferReviews } from '../reviews/repository';
import { scoreText } from '../sentiment/service';
import { matchToCatalogue, type CatalogueItem, type MatchedBy } from './catalogue';
import { guessCategory } from './matching';
import type { ParsedItem } from './parsers/types';

export type ItemOutcome = 'new' | 'updated' | 'unchanged';

type ExistingOffer = typeof offers.$inferSelect;
type NewPoint = { offerId: number; price: number; inStock: boolean; recordedAt: Date };

/**
 * Writes a batch of items of one store inside the caller's transaction: attaches new items to catalogue products
 * (catalogue.ts: GTIN first, then brand + model + specs; a product is made when none matches), inserts or updates
 * offers, and records a price point only when the price or availability changed. Products' prices and counts follow
 * by trigger. Works the same for a batch of one (the fallback when a batch fails).
 */
export async function writeOffers(
  tx: Db,
  storeId: number,
  items: ParsedItem[],
  checkedAt: Date,
): Promise<ItemOutcome[]> {
  const keys = JSON.stringify(items.map((i) => i.storeItemId));
  const existing = new Map(
    (
      await tx
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.externalStoreId, storeId),
            // An array (not IN over a set) lets the lookup use the store's unique index instead of reading every offer.
            sql`${offers.storeItemId} = any(array(select json_array_elements_text(${keys}::json)))`,
          ),
        )
    ).map((o) => [o.storeItemId, o]),
  );
  const outcomes: ItemOutcome[] = [];
  const fresh: ParsedItem[] = [];
  const points: NewPoint[] = [];
  const unchangedIds: number[] = [];
  const reviewed: { offerId: number; item: ParsedItem }[] = [];

  for (const item of items) {
    const old = existing.get(item.storeItemId);
    if (!old) {
      fresh.push(item);
      outcomes.push('new');
      continue;
    }
    const outcome = await updateOffer(tx, old, item, checkedAt, points);
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

  if (unchangedIds.length > 0) {
    await tx.execute(sql`update offers set last_checked_at = ${checkedAt}
        where id in (select value::int from json_array_elements_text(${JSON.stringify(unchangedIds)}::json))`);
  }
  await insertOfferPricePoints(tx, points);
  await replaceReviews(tx, reviewed);
  return outcomes;
}

/** Feeds rarely state RAM and storage apart from the title: catalogue.ts reads them from the name. */
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

async function updateOffer(
  tx: Db,
  old: ExistingOffer,
  item: ParsedItem,
  checkedAt: Date,
  points: NewPoint[],
): Promise<ItemOutcome> {
  const fields = offerFields(item);
  const priceMoved = old.price !== item.price || old.inStock !== item.inStock || !old.available;
  const changed =
    priceMoved ||
    (Object.keys(fields) as (keyof typeof fields)[]).some((k) => (old[k] ?? null) !== (fields[k] ?? null));
  if (!changed) return 'unchanged';
  await tx
    .update(offers)
    .set({ ...fields, lastCheckedAt: checkedAt })
    .where(eq(offers.id, old.id));
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

// Bulk writes pass the rows as one JSON parameter: PGlite parses one parameter far faster than thousands.

type NewOffer = ReturnType<typeof offerFields> & {
  storeId: number;
  productId: number;
  matchedBy: MatchedBy;
  storeItemId: string;
};

async function insertOffers(tx: Db, rows: NewOffer[], checkedAt: Date) {
  const inserted = await queryRows<{
    id: number;
    productId: number;
    price: number;
    inStock: boolean;
    storeItemId: string;
  }>(
    tx,
    sql`insert into offers (external_store_id, product_id, matched_by, store_item_id, url, name, description, image,
          brand, gtin, mpn, price, currency, in_stock, available, rating_value, rating_count, last_checked_at, created_at)
        select "storeId", "productId", "matchedBy", "storeItemId", url, name, description, image, brand, gtin, mpn, price,
          currency, "inStock", available, "ratingValue", "ratingCount", ${checkedAt}, ${checkedAt}
        from json_to_recordset(${JSON.stringify(rows)}::json) as x("storeId" int, "productId" int, "matchedBy" text,
          "storeItemId" text, url text, name text, description text, image text, brand text, gtin text, mpn text,
          price int, currency text, "inStock" boolean, available boolean, "ratingValue" real, "ratingCount" int)
        returning id, product_id as "productId", price, in_stock as "inStock", store_item_id as "storeItemId"`,
  );
  // RETURNING does not promise input order; line the rows up with the items again by their key.
  const byKey = new Map(inserted.map((r) => [r.storeItemId, r]));
  return rows.map((r) => byKey.get(r.storeItemId)!);
}

async function insertOfferPricePoints(tx: Db, points: NewPoint[]): Promise<void> {
  if (points.length === 0) return;
  await tx.execute(
    sql`insert into price_points (offer_id, price, in_stock, recorded_at)
        select "offerId", price, "inStock", "recordedAt"
        from json_to_recordset(${JSON.stringify(points)}::json) as x("offerId" int, price int, "inStock" boolean,
          "recordedAt" timestamptz)`,
  );
}
