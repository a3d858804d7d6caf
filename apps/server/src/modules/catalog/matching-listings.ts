import { sql, type SQL } from 'drizzle-orm';
import type { Category } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../db/client';
import type { listings } from '../../db/schema';
import { storesSql } from '../accounts/queries';

/**
 * Our sellers' listings as the operator's matching screens see them (decision 023): the queue of listings matched by
 * name, a listing locked while an operator moves or splits it, a product's listings. Whether an operator has decided
 * about a listing is the caller's SQL.
 */

/** SQL: whether an operator has decided about listing `listingId`. */
export type ListingDecided = (listingId: SQL) => SQL;

/**
 * SQL, a part of a `union all` after the offers: the listings attached without a GTIN that no operator has decided
 * about, in the offers' columns (kind, id, product_id, matched_by, created_at, name, brand, gtin, price, in_stock,
 * store_name, store_slug, external, url, ram, storage).
 */
export const queueListingsSql = (decided: ListingDecided) => sql`
    select 'listings', l.id, l.product_id, l.matched_by, l.created_at, l.name, l.brand, l.gtin, l.price,
           l.quantity > 0 and l.stock = 'instock', st.name, st.slug, false, null, l.ram_gb, l.storage_gb
    from listings l join ${storesSql} st on st.id = l.store_id
    where l.matched_by <> 'gtin' and not ${decided(sql`l.id`)}`;

/** SQL: whether catalogue product `productId` has a listing other than `exceptListingId` (SQL, null for none). */
export const otherListingOnProductSql = (productId: SQL, exceptListingId: SQL) =>
  sql`exists (select 1 from listings l2 where l2.product_id = ${productId}
              and (${exceptListingId} is null or l2.id <> ${exceptListingId}))`;

/** SQL: how many listings catalogue product `productId` has. */
export const productListingCountSql = (productId: SQL | number) =>
  sql`(select count(*)::int from listings where product_id = ${productId})`;

/**
 * SQL, the first part of a `union all`: product `productId`'s listings as (kind, id, name, store, price, matchedBy,
 * decided).
 */
export const productListingsSql = (productId: number, decided: ListingDecided) =>
  sql`select 'listings' as kind, l.id, l.name, st.name as store, l.price, l.matched_by as "matchedBy",
             ${decided(sql`l.id`)} as decided
      from listings l join ${storesSql} st on st.id = l.store_id where l.product_id = ${productId}`;

/** A listing as a move or a split sees it, with what a split needs to describe a product of its own. */
export type LockedListing = Pick<typeof listings.$inferSelect, 'id' | 'name' | 'brand' | 'description' | 'image'> & {
  kind: 'listings';
  productId: number;
  category: Category | null;
  ramGb: number;
  storageGb: number;
  gtin: string | null;
  storeName: string;
  storeSlug: null;
  storeItemId: null;
  /** The seller's store: it may list a product once. */
  storeId: number;
};

/** Listing `id`, locked for this transaction, with its store's name; undefined when there is none. */
export async function lockListingForMatching(tx: Db, id: number): Promise<LockedListing | undefined> {
  const [item] = await queryRows<LockedListing>(
    tx,
    sql`select 'listings' as kind, l.id, l.product_id as "productId", l.name, l.brand, l.description, l.category,
          l.ram_gb as "ramGb", l.storage_gb as "storageGb", l.image, l.gtin, st.name as "storeName",
          null as "storeSlug", null as "storeItemId", l.store_id as "storeId"
        from listings l join ${storesSql} st on st.id = l.store_id
        where l.id = ${id} for update of l`,
  );
  return item;
}

/** Listing `id` is now on catalogue product `productId` (an operator moved or split it). */
export async function moveListing(tx: Db, id: number, productId: number): Promise<void> {
  await tx.execute(sql`update listings set product_id = ${productId}, updated_at = now() where id = ${id}`);
}

/** Whether store `storeId` lists catalogue product `productId`. */
export async function storeListsProduct(tx: Db, storeId: number, productId: number): Promise<boolean> {
  const [other] = await queryRows<{ id: number }>(
    tx,
    sql`select id from listings where store_id = ${storeId} and product_id = ${productId} limit 1`,
  );
  return other !== undefined;
}
