import { sql, type SQL } from 'drizzle-orm';
import type { MatchedBy } from '@pricehub/shared/schemas/offer';
import type { MatchingItemKind, MatchingProduct, MatchingQuery } from '@pricehub/shared/schemas/operator-matching';
import type { Category } from '@pricehub/shared/schemas/product';
import { idList, queryRows, type Db } from '../../db/client';
import { otherOfferOnProductSql, queueOffersSql, type OfferDecided } from '../offers/matching-items';
import { otherListingOnProductSql, queueListingsSql, type ListingDecided } from './matching-listings';
import type { CatalogueItem } from './catalogue';
import { gtinAliasProductSql } from './product-gtins';

/**
 * Catalogue products as the operator's matching screens and catalogue editor see them (decision 023): the queue of
 * items matched by name and near misses, the products an item might rather be, a product locked while an operator
 * moves, splits, merges or edits, a product made by a split. GTINs are as stored (14 digits).
 */

/** Whether an operator has decided about an item: the caller's SQL (the decisions are kept apart). */
export interface MatchDecided {
  offer: OfferDecided;
  listing: ListingDecided;
}

/** A catalogue product's columns as MatchingProduct, from products aliased `p`. */
const productColumns = sql`p.id, p.name, p.brand, p.category, p.ram_gb as ram, p.storage_gb as storage, p.gtin,
  p.image, p.lowest_price as "lowestPrice", p.offer_count as "offerCount"`;

/** Products of the same brand and model tokens as `p` with other specs (storage, or RAM when both state it). */
const nearMissOf = (p: SQL) => sql`
  select q.id from products q
  where q.id <> ${p}.id and q.visible and ${p}.match_key is not null
    and split_part(q.match_key, '|', 1) = split_part(${p}.match_key, '|', 1)
    and split_part(q.match_key, '|', 2) = split_part(${p}.match_key, '|', 2)
    and split_part(${p}.match_key, '|', 2) <> ''
    and (q.match_key <> ${p}.match_key or (q.ram_gb > 0 and ${p}.ram_gb > 0 and q.ram_gb <> ${p}.ram_gb))`;

/**
 * Offers and listings no operator has decided about, attached without a GTIN, with the product they are on. An item is
 * name-matched when it was attached by brand, model and specs next to other offers, and a near miss when a product of
 * its model has other specs (then it counts as a near miss, whatever its matching).
 */
const queueItems = (decided: MatchDecided) => sql`
  with items as (
    ${queueOffersSql(decided.offer)}
    union all
    ${queueListingsSql(decided.listing)}
  )
  select i.*, exists (${nearMissOf(sql`p`)}) as near_miss,
         (i.matched_by = 'name'
          and (${otherListingOnProductSql(sql`p.id`, sql`case when i.kind = 'listings' then i.id end`)}
               or ${otherOfferOnProductSql(sql`p.id`, sql`case when i.kind = 'offers' then i.id end`)}))
           as by_name
  from items i join products p on p.id = i.product_id`;

/** An item of the queue. */
export interface QueueRow {
  kind: MatchingItemKind;
  id: number;
  product_id: number;
  matched_by: MatchedBy;
  created_at: Date | string;
  name: string;
  brand: string;
  gtin: string | null;
  price: number;
  in_stock: boolean;
  store_name: string;
  store_slug: string;
  external: boolean;
  url: string | null;
  ram: number;
  storage: number;
  near_miss: boolean;
  total: number;
}

/** Which items: near misses, matched by name only, or both; by words of the name or store (escaped, with `%`s). */
export interface QueueFilter {
  reason: MatchingQuery['reason'];
  like?: string;
}

/** One page of the queue, newest first, and how many items it has in all. */
export async function matchingQueuePage(
  db: Db,
  filter: QueueFilter,
  decided: MatchDecided,
  page: { limit: number; offset: number },
): Promise<{ rows: QueueRow[]; total: number }> {
  const where = sql.join(
    [
      filter.reason === 'near-miss'
        ? sql`q.near_miss`
        : filter.reason === 'name'
          ? sql`q.by_name and not q.near_miss`
          : sql`(q.near_miss or q.by_name)`,
      ...(filter.like !== undefined ? [sql`(q.name ilike ${filter.like} or q.store_name ilike ${filter.like})`] : []),
    ],
    sql` and `,
  );
  const items = queueItems(decided);
  const rows = await queryRows<QueueRow>(
    db,
    sql`select q.*, count(*) over ()::int as total from (${items}) q
        where ${where}
        order by q.created_at desc, q.kind, q.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
  const total =
    rows[0]?.total ??
    (page.offset === 0
      ? 0
      : ((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${items}) q where ${where}`))[0]?.n ??
        0));
  return { rows, total };
}

/** Up to five near misses of each of the given products, the most offered first. */
export function nearMissesOf(db: Db, productIds: number[]): Promise<{ of: number; id: number }[]> {
  return queryRows<{ of: number; id: number }>(
    db,
    sql`select p.id as of, n.id from products p
        cross join lateral (${nearMissOf(sql`p`)} order by q.offer_count desc, q.id limit 5) n(id)
        where p.id in ${idList(productIds)}`,
  );
}

/** The given products (in no order). */
export function matchingProducts(db: Db, ids: number[]): Promise<(MatchingProduct & { category: Category })[]> {
  return queryRows<MatchingProduct & { category: Category }>(
    db,
    sql`select ${productColumns} from products p
        where p.id in ${idList([...new Set(ids)])}`,
  );
}

/** Product `id`, locked for this transaction, with its match key; undefined when there is none. */
export async function lockProductForMatching(
  tx: Db,
  id: number,
): Promise<(MatchingProduct & { matchKey: string | null }) | undefined> {
  const [row] = await queryRows<MatchingProduct & { matchKey: string | null }>(
    tx,
    sql`select ${productColumns}, p.match_key as "matchKey" from products p where p.id = ${id} for update`,
  );
  return row;
}

/** What a split makes a product of: what the item says about itself, the product it leaves filling the gaps. */
export type SplitProduct = Pick<
  CatalogueItem,
  'name' | 'brand' | 'category' | 'description' | 'ramGb' | 'storageGb' | 'image' | 'gtin'
> & { matchKey: string; aliases: string };

/** A new catalogue product (its image is its thumbnail too); its id. */
export async function insertSplitProduct(tx: Db, values: SplitProduct): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into products (name, brand, category, description, ram_gb, storage_gb, image, thumbnail, gtin, match_key,
          aliases)
        values (${values.name}, ${values.brand}, ${values.category}, ${values.description}, ${values.ramGb},
          ${values.storageGb}, ${values.image}, ${values.image}, ${values.gtin}, ${values.matchKey}, ${values.aliases})
        returning id`,
  );
  return row!.id;
}

/** SQL: product `productId`'s own GTIN. */
export const productGtinSql = (productId: number) => sql`(select gtin from products where id = ${productId})`;

// ── the catalogue editor ─────────────────────────────────────────────────────────────────────────

/** What the editor searches by: words of the name or brand (escaped, with `%`s), an id, or a GTIN; null: all. */
export interface CatalogueSearch {
  like: string;
  id: number | null;
  gtin: string | null;
}

/** One page of the products `search` finds, the most offered first, and how many it finds in all. */
export async function catalogueProductsPage(
  db: Db,
  search: CatalogueSearch | null,
  page: { limit: number; offset: number },
): Promise<{ rows: (MatchingProduct & { visible: boolean })[]; total: number }> {
  const where = search
    ? sql`(p.name ilike ${search.like} or p.brand ilike ${search.like} or p.id = ${search.id}::int
          or (${search.gtin}::text is not null and (p.gtin = ${search.gtin}::text
              or p.id in ${gtinAliasProductSql(sql`${search.gtin}::text`)})))`
    : sql`true`;
  const rows = await queryRows<MatchingProduct & { visible: boolean; total: number }>(
    db,
    sql`select ${productColumns}, p.visible, count(*) over ()::int as total from products p where ${where}
        order by p.offer_count desc, p.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
  const total =
    rows[0]?.total ??
    (page.offset === 0
      ? 0
      : ((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products p where ${where}`))[0]?.n ??
        0));
  return { rows: rows.map(({ total: _total, ...p }) => p), total };
}

/** Product `id` as the editor shows it; undefined when there is none. */
export async function catalogueProduct(
  db: Db,
  id: number,
): Promise<(MatchingProduct & { description: string; visible: boolean }) | undefined> {
  const [row] = await queryRows<MatchingProduct & { description: string; visible: boolean }>(
    db,
    sql`select ${productColumns}, p.description, p.visible from products p where p.id = ${id}`,
  );
  return row;
}

/** What an operator may edit of a product. */
export interface EditableProduct {
  id: number;
  name: string;
  brand: string;
  category: string;
  description: string;
  ram: number;
  storage: number;
  image: string;
  gtin: string | null;
}

/** Product `id`'s editable fields, locked for this transaction; undefined when there is none. */
export async function lockEditableProduct(tx: Db, id: number): Promise<EditableProduct | undefined> {
  const [old] = await queryRows<EditableProduct>(
    tx,
    sql`select id, name, brand, category, description, ram_gb as ram, storage_gb as storage, image, gtin
        from products where id = ${id} for update`,
  );
  return old;
}

/**
 * Product `id` is now `values` (a new image is its thumbnail too), with the GTIN, match key and search aliases that
 * follow from them.
 */
export async function updateCatalogueProduct(
  tx: Db,
  id: number,
  values: Omit<EditableProduct, 'id'> & { matchKey: string; aliases: string },
): Promise<void> {
  await tx.execute(sql`update products set name = ${values.name}, brand = ${values.brand},
      category = ${values.category}, description = ${values.description}, ram_gb = ${values.ram},
      storage_gb = ${values.storage}, image = ${values.image},
      thumbnail = case when image = ${values.image} then thumbnail else ${values.image} end,
      gtin = ${values.gtin}, match_key = ${values.matchKey}, aliases = ${values.aliases},
      updated_at = now()
    where id = ${id}`);
}
