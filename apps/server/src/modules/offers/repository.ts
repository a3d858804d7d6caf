import { eq, sql } from 'drizzle-orm';
import { slugify } from '@pricehub/shared/rules/slug';
import type { MatchedBy } from '@pricehub/shared/schemas/offer';
import type { ExternalFormat } from '@pricehub/shared/schemas/operator-external-stores';
import { idList, queryRows, type Db } from '../../db/client';
import { externalStores, offers, pricePoints } from '../../db/schema';

/**
 * The SQL that writes other stores and their offers (decision 023): ingestion (modules/ingestion) reads feeds and
 * decides what changed, and writes it here. Bulk writes pass the rows as one JSON parameter: PGlite parses one
 * parameter far faster than thousands.
 */

export type OfferRow = typeof offers.$inferSelect;
/** A price point of an offer: its price and stock from `recordedAt` on. */
export type OfferPricePoint = { offerId: number; price: number; inStock: boolean; recordedAt: Date };
/** The columns a feed item sets on its offer. */
export type OfferFields = Pick<
  typeof offers.$inferInsert,
  | 'url'
  | 'name'
  | 'description'
  | 'image'
  | 'brand'
  | 'gtin'
  | 'mpn'
  | 'price'
  | 'currency'
  | 'inStock'
  | 'available'
  | 'ratingValue'
  | 'ratingCount'
>;
/** A new offer: its fields, its store, the catalogue product it was matched to and how. */
export type NewOffer = OfferFields & { storeId: number; productId: number; matchedBy: MatchedBy; storeItemId: string };

/** Finds the external store by name, creating it on first use; a given source and format are remembered. */
export async function ensureExternalStore(db: Db, name: string, source?: string, format?: ExternalFormat) {
  const [found] = await db.select().from(externalStores).where(eq(externalStores.name, name));
  if (found) {
    if (source && (found.source !== source || (format && found.format !== format))) {
      await db
        .update(externalStores)
        .set({ source, format: format ?? found.format })
        .where(eq(externalStores.id, found.id));
    }
    return found;
  }
  const base = slugify(name);
  const taken = await db
    .select({ slug: externalStores.slug })
    .from(externalStores)
    .where(sql`${externalStores.slug} = ${base} or ${externalStores.slug} like ${base + '-%'}`);
  const used = new Set(taken.map((t) => t.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  const homepage = source && /^https?:\/\//.test(source) ? new URL(source).origin : '';
  const [created] = await db
    .insert(externalStores)
    .values({ name, slug, source: source ?? null, format: format ?? 'auto', homepage })
    .onConflictDoNothing()
    .returning();
  // Two runs creating the same store at once: the loser reads the winner's row.
  return created ?? (await db.select().from(externalStores).where(eq(externalStores.name, name)))[0]!;
}

/** The store was read (completely or not) at `checkedAt`. */
export async function markStoreRefreshed(db: Db, storeId: number, checkedAt: Date): Promise<void> {
  await db.update(externalStores).set({ lastRefreshedAt: checkedAt }).where(eq(externalStores.id, storeId));
}

/**
 * Claims one store whose refresh is due. The claim moves last_refreshed_at forward in the same statement that
 * picks the row (FOR UPDATE SKIP LOCKED), so a second server polling at the same moment skips it.
 */
export async function claimDueStore(
  db: Db,
  now: Date,
): Promise<{ id: number; name: string; source: string; format: string } | undefined> {
  const [store] = await queryRows<{ id: number; name: string; source: string; format: string }>(
    db,
    sql`update external_stores set last_refreshed_at = ${now}
        where id = (
          select id from external_stores
          where source is not null and source <> '' and not paused
            and (last_refreshed_at is null
                 or last_refreshed_at + make_interval(mins => refresh_interval_minutes) <= ${now})
          order by last_refreshed_at nulls first, id limit 1
          for update skip locked)
        returning id, name, source, format`,
  );
  return store;
}

/** The store's offers among these store item ids, by store item id. */
export async function offersByItemId(tx: Db, storeId: number, storeItemIds: string[]): Promise<Map<string, OfferRow>> {
  // Each item is looked up by the store's unique key (offers_store_item_uq), then its row by primary key: index probes,
  // as many as there are items, whatever plan the statement keeps. With `store_item_id = any(…)` the planner could not
  // size the array and, from statistics taken while the store was small, scanned its offers comparing each with
  // every item (135 ms a batch at 5,000 offers). `limit 1` keeps the subquery a lookup per item: without it the join
  // is flattened and may become a hash join over all the offers.
  const rows = await tx
    .select()
    .from(offers)
    .where(
      sql`${offers.id} = any(array(
            select o.id from json_array_elements_text(${JSON.stringify(storeItemIds)}::json) k(item_id)
            cross join lateral (select id from offers where external_store_id = ${storeId}
                                and store_item_id = k.item_id limit 1) o))`,
    );
  return new Map(rows.map((o) => [o.storeItemId, o]));
}

/** An offer whose feed item changed: its id and the item's fields. */
export type ChangedOffer = OfferFields & { id: number };

/**
 * Offers whose feed item changed: each gets the item's fields, and all are checked at `checkedAt`. One statement for the
 * batch, the rows as one JSON parameter; each row is found by primary key.
 */
export async function updateOffers(tx: Db, rows: ChangedOffer[], checkedAt: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update offers o set url = x.url, name = x.name, description = x.description, image = x.image,
          brand = x.brand, gtin = x.gtin, mpn = x.mpn, price = x.price, currency = x.currency, in_stock = x."inStock",
          available = x.available, rating_value = x."ratingValue", rating_count = x."ratingCount",
          last_checked_at = ${checkedAt}
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(id int, url text, name text, description text,
          image text, brand text, gtin text, mpn text, price int, currency text, "inStock" boolean, available boolean,
          "ratingValue" real, "ratingCount" int)
        where o.id = x.id`,
  );
}

/** Offers seen unchanged in a run: only their last check moves. */
export async function markOffersChecked(tx: Db, offerIds: number[], checkedAt: Date): Promise<void> {
  if (offerIds.length === 0) return;
  await tx.execute(sql`update offers set last_checked_at = ${checkedAt}
      where id in ${idList(offerIds)}`);
}

/** Inserts new offers; the rows come back in the order given, each with its id, price and stock. */
export async function insertOffers(tx: Db, rows: NewOffer[], checkedAt: Date) {
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

export async function insertOfferPricePoints(tx: Db, points: OfferPricePoint[]): Promise<void> {
  if (points.length === 0) return;
  await tx.execute(
    sql`insert into price_points (offer_id, price, in_stock, recorded_at)
        select "offerId", price, "inStock", "recordedAt"
        from json_to_recordset(${JSON.stringify(points)}::json) as x("offerId" int, price int, "inStock" boolean,
          "recordedAt" timestamptz)`,
  );
}

/**
 * Offers of a complete source that were not seen in this run: kept, marked unavailable, with a price point. One
 * statement, whatever the numbers: the keys kept travel as one JSON parameter (a parameter per key stops at
 * PostgreSQL's 65,535), and the price points are copied from the updated rows.
 */
export async function markMissingUnavailable(
  db: Db,
  storeId: number,
  checkedAt: Date,
  keep: string[],
): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`with kept as (select jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb) as key),
      gone as (
        update ${offers} set available = false, last_checked_at = ${checkedAt}
        where external_store_id = ${storeId} and available and last_checked_at < ${checkedAt}
          and store_item_id not in (select key from kept) and url not in (select key from kept)
        returning id, price
      ),
      points as (
        insert into ${pricePoints} (offer_id, price, in_stock, recorded_at)
        select id, price, false, ${checkedAt} from gone
      )
    select count(*)::int as count from gone`,
  );
  return row?.count ?? 0;
}
