import {
  OPERATOR_MATCHING_PAGE_SIZE,
  type MatchingCandidate,
  type MatchingItem,
  type MatchingPage,
  type MatchingProduct,
  type MatchingQuery,
} from '@pricehub/shared/schemas/operator-matching';
import type { Db } from '../../db/client';
import { matchingProducts, matchingQueuePage, nearMissesOf, type QueueRow } from '../catalog/matching-products';
import { catalogueCandidates, catalogueIdentity } from '../catalog/catalogue';
import { listingDecidedSql, offerDecidedSql } from '../catalog/match-decisions';
import { likeText } from '../../db/like';

/** GTINs are stored as 14 digits; an EAN-13 reads better without the zero in front. */
export const shownGtin = (g: string) => (g.length === 14 && g.startsWith('0') ? g.slice(1) : g);

/** GET /api/operator/matching: newest first, each with its product and the products it might rather be. */
export async function listMatchingQueue(db: Db, query: MatchingQuery): Promise<MatchingPage> {
  const like = likeText(query.q);
  const offset = (query.page - 1) * OPERATOR_MATCHING_PAGE_SIZE;
  const { rows, total } = await matchingQueuePage(
    db,
    { reason: query.reason, ...(query.q ? { like } : {}) },
    { offer: offerDecidedSql, listing: listingDecidedSql },
    { limit: OPERATOR_MATCHING_PAGE_SIZE, offset },
  );
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
  const nearMisses = await nearMissesOf(db, productIds);
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
  const rows = await matchingProducts(db, ids);
  return new Map(rows.map((p) => [p.id, { ...p, gtin: p.gtin && shownGtin(p.gtin) }]));
}
