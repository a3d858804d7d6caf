import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { offers } from '../../db/schema';

/**
 * Other stores' offers as the operator's matching screens see them (decision 023): the queue of offers matched by
 * name, an offer locked while an operator moves or splits it, a product's offers. Whether an operator has decided
 * about an offer is the caller's SQL (the decisions are not this module's).
 */

/** SQL: whether an operator has decided about item `storeItemId` of the store with slug `storeSlug`. */
export type OfferDecided = (storeSlug: SQL, storeItemId: SQL) => SQL;

/**
 * SQL, the first part of a `union all`: the offers attached without a GTIN that no operator has decided about, as
 * (kind, id, product_id, matched_by, created_at, name, brand, gtin, price, in_stock, store_name, store_slug,
 * external, url, ram, storage).
 */
export const queueOffersSql = (decided: OfferDecided) => sql`
    select 'offers' as kind, o.id, o.product_id, o.matched_by, o.created_at, o.name, o.brand, o.gtin, o.price,
           o.in_stock and o.available as in_stock, s.name as store_name, s.slug as store_slug, true as external,
           o.url, 0 as ram, 0 as storage
    from offers o join external_stores s on s.id = o.external_store_id
    where o.matched_by <> 'gtin'
      and not ${decided(sql`s.slug`, sql`o.store_item_id`)}`;

/** SQL: whether catalogue product `productId` has an offer other than `exceptOfferId` (SQL, null for none). */
export const otherOfferOnProductSql = (productId: SQL, exceptOfferId: SQL) =>
  sql`exists (select 1 from offers o2 where o2.product_id = ${productId}
              and (${exceptOfferId} is null or o2.id <> ${exceptOfferId}))`;

/** SQL: how many offers catalogue product `productId` has. */
export const productOfferCountSql = (productId: SQL | number) =>
  sql`(select count(*)::int from offers where product_id = ${productId})`;

/**
 * SQL, a part of a `union all`: product `productId`'s offers as (kind, id, name, store, price, matchedBy, decided).
 */
export const productOffersSql = (productId: number, decided: OfferDecided) =>
  sql`select 'offers', o.id, o.name, s.name, o.price, o.matched_by, ${decided(sql`s.slug`, sql`o.store_item_id`)}
      from offers o join external_stores s on s.id = o.external_store_id where o.product_id = ${productId}`;

/** An offer as a move or a split sees it, with what a split needs to describe a product of its own. */
export type LockedOffer = Pick<typeof offers.$inferSelect, 'id' | 'name' | 'brand' | 'image' | 'gtin'> & {
  kind: 'offers';
  productId: number;
  description: string;
  category: null;
  ramGb: number;
  storageGb: number;
  storeName: string;
  /** The external store's slug and the store's own item id: what a decision about the offer is kept by. */
  storeSlug: string;
  storeItemId: string;
  storeId: null;
};

/** Offer `id`, locked for this transaction, with its store; undefined when there is none. */
export async function lockOfferForMatching(tx: Db, id: number): Promise<LockedOffer | undefined> {
  const [item] = await queryRows<LockedOffer>(
    tx,
    sql`select 'offers' as kind, o.id, o.product_id as "productId", o.name, o.brand,
          coalesce(o.description, '') as description, null as category, 0 as "ramGb", 0 as "storageGb", o.image,
          o.gtin, s.name as "storeName", s.slug as "storeSlug", o.store_item_id as "storeItemId", null as "storeId"
        from offers o join external_stores s on s.id = o.external_store_id
        where o.id = ${id} for update of o`,
  );
  return item;
}

/** Offer `id` is now on catalogue product `productId` (an operator moved or split it). */
export async function moveOffer(tx: Db, id: number, productId: number): Promise<void> {
  await tx.execute(sql`update offers set product_id = ${productId} where id = ${id}`);
}
