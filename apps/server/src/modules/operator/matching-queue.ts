import { sql, type SQL } from 'drizzle-orm';
import type { MatchedBy } from '@pricehub/shared/schemas/offer';
import {
  OPERATOR_MATCHING_PAGE_SIZE,
  type MatchingCandidate,
  type MatchingItem,
  type MatchingItemKind,
  type MatchingPage,
  type MatchingProduct,
  type MatchingQuery,
} from '@pricehub/shared/schemas/operator-matching';
import type { Category } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../db/client';
import { otherListingOnProductSql, queueListingsSql } from '../catalog/matching-listings';
import { otherOfferOnProductSql, queueOffersSql } from '../offers/matching-items';
import { catalogueCandidates, catalogueIdentity } from '../catalog/catalogue';
import { listingDecidedSql, offerDecidedSql } from '../catalog/match-decisions';

/** GTINs are stored as 14 digits; an EAN-13 reads better without the zero in front. */
export const shownGtin = (g: string) => (g.length === 14 && g.startsWith('0') ? g.slice(1) : g);

/** A catalogue product's columns as MatchingProduct, from products aliased `p`. */
export const productColumns = sql`p.id, p.name, p.brand, p.category, p.ram_gb as ram, p.storage_gb as storage, p.gtin,
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
const queueItems = sql`
  with items as (
    ${queueOffersSql(offerDecidedSql)}
    union all
    ${queueListingsSql(listingDecidedSql)}
  )
  select i.*, exists (${nearMissOf(sql`p`)}) as near_miss,
         (i.matched_by = 'name'
          and (${otherListingOnProductSql(sql`p.id`, sql`case when i.kind = 'listings' then i.id end`)}
               or ${otherOfferOnProductSql(sql`p.id`, sql`case when i.kind = 'offers' then i.id end`)}))
           as by_name
  from items i join products p on p.id = i.product_id`;

interface QueueRow {
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

/** GET /api/operator/matching: newest first, each with its product and the products it might rather be. */
export async function listMatchingQueue(db: Db, query: MatchingQuery): Promise<MatchingPage> {
  const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = sql.join(
    [
      query.reason === 'near-miss'
        ? sql`q.near_miss`
        : query.reason === 'name'
          ? sql`q.by_name and not q.near_miss`
          : sql`(q.near_miss or q.by_name)`,
      ...(query.q ? [sql`(q.name ilike ${like} or q.store_name ilike ${like})`] : []),
    ],
    sql` and `,
  );
  const offset = (query.page - 1) * OPERATOR_MATCHING_PAGE_SIZE;
  const rows = await queryRows<QueueRow>(
    db,
    sql`select q.*, count(*) over ()::int as total from (${queueItems}) q
        where ${where}
        order by q.created_at desc, q.kind, q.id desc
        limit ${OPERATOR_MATCHING_PAGE_SIZE} offset ${offset}`,
  );
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : ((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${queueItems}) q where ${where}`))[0]
          ?.n ?? 0));
  return {
    items: await withProducts(db, rows),
    total,
    page: query.page,
    pageSize: OPERATOR_MATCHING_PAGE_SIZE,
  };
}

async function withProducts(db: Db, rows: QueueRow[]): Promise<MatchingItem[]> {
  if (rows.length === 0) return [];
  const productIds = [...new Set(rows.map((r) => r.product_id))];
  const nearMisses = await queryRows<{ of: number; id: number }>(
    db,
    sql`select p.id as of, n.id from products p
        cross join lateral (${nearMissOf(sql`p`)} order by q.offer_count desc, q.id limit 5) n(id)
        where p.id in (select value::int from json_array_elements_text(${JSON.stringify(productIds)}::json))`,
  );
  const items = await Promise.all(
    rows.map(async (r) => {
      const identity = catalogueIdentity({ name: r.name, brand: r.brand, ramGb: r.ram, storageGb: r.storage });
      const ram = r.ram || identity.ramGb;
      const storage = r.storage || identity.storageGb;
      const similar = await catalogueCandidates(
        db,
        { name: r.name, brand: r.brand, ramGb: ram, storageGb: storage, gtin: r.gtin },
        6,
      );
      const near = nearMisses.filter((n) => n.of === r.product_id).map((n) => n.id);
      const candidateIds = [...new Set([...near, ...similar.map((c) => c.id)])].filter((id) => id !== r.product_id);
      return { row: r, ram, storage, near, candidateIds: candidateIds.slice(0, 6) };
    }),
  );
  const products = await loadMatchingProducts(db, [...productIds, ...items.flatMap((i) => i.candidateIds)]);
  return items.map(({ row: r, ram, storage, near, candidateIds }) => ({
    kind: r.kind,
    id: r.id,
    reason: r.near_miss ? 'near-miss' : 'name',
    name: r.name,
    brand: r.brand,
    gtin: r.gtin,
    ram,
    storage,
    price: r.price,
    inStock: r.in_stock,
    store: { name: r.store_name, slug: r.store_slug, external: r.external },
    url: r.url,
    matchedBy: r.matched_by,
    createdAt: new Date(r.created_at).toISOString(),
    product: products.get(r.product_id)!,
    candidates: candidateIds
      .map((id) => products.get(id))
      .filter((p): p is MatchingProduct => !!p)
      .map((p): MatchingCandidate => ({ ...p, nearMiss: near.includes(p.id) })),
  }));
}

export async function loadMatchingProducts(db: Db, ids: number[]): Promise<Map<number, MatchingProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<MatchingProduct & { category: Category }>(
    db,
    sql`select ${productColumns} from products p
        where p.id in (select value::int from json_array_elements_text(${JSON.stringify([...new Set(ids)])}::json))`,
  );
  return new Map(rows.map((p) => [p.id, { ...p, gtin: p.gtin && shownGtin(p.gtin) }]));
}
