import { sql } from 'drizzle-orm';
import {
  OPERATOR_PAGE_SIZE,
  type OperatorStore,
  type OperatorStoresPage,
  type OperatorStoresQuery,
} from '@pricehub/shared/schemas/operator';
import type { Db } from '../../db/client';
import { storeBySlug } from '../accounts/queries';
import { countStores, searchStores, storesWithSellers, type StoreSearch, type StoreSort } from '../accounts/stores';
import { storeListingCountSql, storeListsProductSql } from '../catalog/queries';
import { storeGmvSql, storeTradeSql } from '../orders/queries';
import { storeRatings } from '../reviews/store-rating';
import { likeText } from '../../db/like';

const DAY_MS = 86_400_000;

function search(query: Pick<OperatorStoresQuery, 'q' | 'status'>): StoreSearch {
  return { ...(query.q ? { like: likeText(query.q) } : {}), ...(query.status ? { status: query.status } : {}) };
}

function sorting(sort: OperatorStoresQuery['sort'], since: Date): StoreSort {
  if (sort === 'newest') return 'newest';
  if (sort === 'gmv') return { largestFirst: (storeId) => storeGmvSql(storeId, since) };
  return 'name';
}

/** The key figures of the given stores, in the order given. */
async function storeFigures(db: Db, ids: number[], now: Date): Promise<OperatorStore[]> {
  if (ids.length === 0) return [];
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const rows = await storesWithSellers(
    db,
    ids,
    (storeId) =>
      sql<{ listings: number; trade: { orders: number; gmv: number | string } }>`json_build_object(
        'listings', ${storeListingCountSql(storeId)}, 'trade', ${storeTradeSql(storeId, since)})`,
  );
  const ratings = await storeRatings(db, ids, storeListsProductSql);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        slug: r.slug,
        name: r.name,
        seller: r.seller,
        status: r.status,
        createdAt: new Date(r.createdAt).toISOString(),
        listings: r.figures.listings,
        orders30d: r.figures.trade.orders,
        gmv30d: Number(r.figures.trade.gmv),
        rating: ratings.get(id) ?? { average: null, count: 0 },
        suspension:
          r.status === 'suspended' && r.suspendedAt
            ? { reason: r.suspensionReason ?? '', suspendedAt: new Date(r.suspendedAt).toISOString() }
            : null,
      },
    ];
  });
}

/** GET /api/operator/stores: one page of stores matching the search, with their key figures. */
export async function listOperatorStores(db: Db, query: OperatorStoresQuery, now: Date): Promise<OperatorStoresPage> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const offset = (query.page - 1) * OPERATOR_PAGE_SIZE;
  const page = await searchStores(db, search(query), sorting(query.sort, since), {
    limit: OPERATOR_PAGE_SIZE,
    offset,
  });
  // Past the last page the window count is gone with the rows.
  const total = page[0]?.total ?? (await countStores(db, search(query)));
  return {
    items: await storeFigures(
      db,
      page.map((r) => r.id),
      now,
    ),
    total,
    page: query.page,
    pageSize: OPERATOR_PAGE_SIZE,
  };
}

/** One store's row of the Sellers page, by its slug; undefined when there is none. */
export async function operatorStore(db: Db, slug: string, now: Date): Promise<OperatorStore | undefined> {
  const store = await storeBySlug(db, slug);
  if (store === undefined) return undefined;
  return (await storeFigures(db, [store.id], now))[0];
}
