import { sql, type SQL } from 'drizzle-orm';
import {
  OPERATOR_PAGE_SIZE,
  type OperatorStore,
  type OperatorStoresPage,
  type OperatorStoresQuery,
  type StoreStanding,
} from '@pricehub/shared/schemas/operator';
import { queryRows, type Db } from '../../db/client';
import { storeRatings } from '../reviews/store-rating';

const DAY_MS = 86_400_000;

/**
 * The orders that count as trade: placed, not cancelled, and not an online payment still open or given up. GMV is
 * their totals (shipping and discounts included, as the shopper paid).
 */
const tradedOrder = (o: string) =>
  sql.raw(`${o}.status <> 'Cancelled' and ${o}.payment_status not in ('pending', 'expired')`);

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matching(query: Pick<OperatorStoresQuery, 'q' | 'status'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.q) {
    const like = likeText(query.q);
    parts.push(sql`(s.name ilike ${like} or s.slug ilike ${like} or a.name ilike ${like} or a.email ilike ${like})`);
  }
  if (query.status) parts.push(sql`s.status = ${query.status}`);
  return sql.join(parts, sql` and `);
}

function ordering(sort: OperatorStoresQuery['sort'], since: Date): SQL {
  if (sort === 'newest') return sql`s.created_at desc, s.id desc`;
  if (sort === 'gmv') {
    return sql`(select coalesce(sum(o.total), 0) from orders o
                where o.store_id = s.id and o.created_at >= ${since} and ${tradedOrder('o')}) desc, lower(s.name), s.id`;
  }
  return sql`lower(s.name), s.id`;
}

interface StoreRow {
  id: number;
  slug: string;
  name: string;
  status: StoreStanding;
  created_at: Date | string;
  suspended_at: Date | string | null;
  suspension_reason: string | null;
  seller_name: string;
  seller_email: string;
  listings: number;
  orders_30d: number;
  gmv_30d: number | string;
}

/** The key figures of the given stores, in the order given. */
async function storeFigures(db: Db, ids: number[], now: Date): Promise<OperatorStore[]> {
  if (ids.length === 0) return [];
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const rows = await queryRows<StoreRow>(
    db,
    sql`select s.id, s.slug, s.name, s.status, s.created_at, s.suspended_at, s.suspension_reason,
               a.name as seller_name, a.email as seller_email,
               (select count(*)::int from listings l where l.store_id = s.id) as listings,
               t.orders_30d, t.gmv_30d
        from stores s
        join accounts a on a.id = s.seller_id
        cross join lateral (
          select count(*)::int as orders_30d, coalesce(sum(o.total), 0)::bigint as gmv_30d
          from orders o where o.store_id = s.id and o.created_at >= ${since} and ${tradedOrder('o')}
        ) t
        where s.id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  const ratings = await storeRatings(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        slug: r.slug,
        name: r.name,
        seller: { name: r.seller_name, email: r.seller_email },
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
        listings: r.listings,
        orders30d: r.orders_30d,
        gmv30d: Number(r.gmv_30d),
        rating: ratings.get(id) ?? { average: null, count: 0 },
        suspension:
          r.status === 'suspended' && r.suspended_at
            ? { reason: r.suspension_reason ?? '', suspendedAt: new Date(r.suspended_at).toISOString() }
            : null,
      },
    ];
  });
}

/** GET /api/operator/stores: one page of stores matching the search, with their key figures. */
export async function listOperatorStores(db: Db, query: OperatorStoresQuery, now: Date): Promise<OperatorStoresPage> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const offset = (query.page - 1) * OPERATOR_PAGE_SIZE;
  const page = await queryRows<{ id: number; total: number }>(
    db,
    sql`select s.id, count(*) over ()::int as total
        from stores s join accounts a on a.id = s.seller_id
        where ${matching(query)}
        order by ${ordering(query.sort, since)}
        limit ${OPERATOR_PAGE_SIZE} offset ${offset}`,
  );
  let total = page[0]?.total;
  if (total === undefined) {
    // Past the last page the window count is gone with the rows.
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from stores s join accounts a on a.id = s.seller_id where ${matching(query)}`,
    );
    total = row?.n ?? 0;
  }
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
  const [row] = await queryRows<{ id: number }>(db, sql`select id from stores where slug = ${slug}`);
  if (!row) return undefined;
  return (await storeFigures(db, [row.id], now))[0];
}
