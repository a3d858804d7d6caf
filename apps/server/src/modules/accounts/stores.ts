import { eq, sql, type SQL } from 'drizzle-orm';
import { idList, queryRows, type Db } from '../../db/client';
import { stores } from '../../db/schema';
import type { StoreStatus } from './queries';

/**
 * The SQL of stores as an operator sees them (decision 023): the Sellers page searches every store with its seller,
 * and a suspension locks a store and changes its standing. Figures of other modules' tables (listings, trade) come
 * from the caller as SQL expressions, so that each read stays one statement.
 */

type StoreColumns = typeof stores.$inferSelect;

/** Which stores: by words of the store's or the seller's name, slug or address (already escaped, with its `%`s). */
export interface StoreSearch {
  like?: string;
  status?: StoreStatus;
}

/** In what order: by name, newest first, or by a figure of the store (the largest first, then by name). */
export type StoreSort = 'name' | 'newest' | { largestFirst: (storeId: SQL) => SQL };

function matching(search: StoreSearch): SQL {
  const parts: SQL[] = [sql`true`];
  if (search.like !== undefined) {
    const like = search.like;
    parts.push(sql`(s.name ilike ${like} or s.slug ilike ${like} or a.name ilike ${like} or a.email ilike ${like})`);
  }
  if (search.status) parts.push(sql`s.status = ${search.status}`);
  return sql.join(parts, sql` and `);
}

function ordering(sort: StoreSort): SQL {
  if (sort === 'newest') return sql`s.created_at desc, s.id desc`;
  if (sort === 'name') return sql`lower(s.name), s.id`;
  return sql`${sort.largestFirst(sql`s.id`)} desc, lower(s.name), s.id`;
}

/** One page of the ids of the stores `search` finds, each with the count of all it finds. */
export function searchStores(
  db: Db,
  search: StoreSearch,
  sort: StoreSort,
  page: { limit: number; offset: number },
): Promise<{ id: number; total: number }[]> {
  return queryRows<{ id: number; total: number }>(
    db,
    sql`select s.id, count(*) over ()::int as total
        from stores s join accounts a on a.id = s.seller_id
        where ${matching(search)}
        order by ${ordering(sort)}
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** How many stores `search` finds (past the last page, where searchStores has no row to count on). */
export async function countStores(db: Db, search: StoreSearch): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from stores s join accounts a on a.id = s.seller_id where ${matching(search)}`,
  );
  return row?.n ?? 0;
}

/** A store as the Sellers page shows it, with its seller and the caller's `figures`. */
export type StoreWithSeller<F> = Pick<StoreColumns, 'id' | 'slug' | 'name' | 'status' | 'suspensionReason'> & {
  createdAt: Date | string;
  suspendedAt: Date | string | null;
  seller: { name: string; email: string };
  figures: F;
};

/** The given stores (in no order) with their sellers, and `figures` (SQL of the store's id) of each. */
export function storesWithSellers<F>(
  db: Db,
  ids: number[],
  figures: (storeId: SQL) => SQL<F>,
): Promise<StoreWithSeller<F>[]> {
  return queryRows<StoreWithSeller<F>>(
    db,
    sql`select s.id, s.slug, s.name, s.status, s.created_at as "createdAt", s.suspended_at as "suspendedAt",
               s.suspension_reason as "suspensionReason",
               json_build_object('name', a.name, 'email', a.email) as seller, ${figures(sql`s.id`)} as figures
        from stores s
        join accounts a on a.id = s.seller_id
        where s.id in ${idList(ids)}`,
  );
}

/** The store as a suspension sees it: its standing, and the seller to mail (the fields the mails address). */
export type LockedStore = Pick<StoreColumns, 'id' | 'slug' | 'status' | 'suspensionReason'> & {
  storeName: string;
  /** The seller's own choice to return to (a suspended store was open or closed before). */
  statusBeforeSuspension: Exclude<StoreStatus, 'suspended'> | null;
  suspendedAt: Date | string | null;
  sellerName: string;
  sellerEmail: string;
};

/**
 * The store's row, locked for this transaction; undefined when there is none. NO KEY UPDATE leaves new orders (which
 * only share-lock the store's key) free to be placed meanwhile.
 */
export async function lockStoreStanding(tx: Db, slug: string): Promise<LockedStore | undefined> {
  const [store] = await queryRows<LockedStore>(
    tx,
    sql`select s.id, s.slug, s.name as "storeName", s.status, s.status_before_suspension as "statusBeforeSuspension",
               s.suspension_reason as "suspensionReason", s.suspended_at as "suspendedAt", a.name as "sellerName",
               a.email as "sellerEmail"
        from stores s join accounts a on a.id = s.seller_id
        where s.slug = ${slug}
        for no key update of s`,
  );
  return store;
}

/** What a change of standing writes: suspended (when, why, and what to return to), or back to open or closed. */
export type StandingColumns = Partial<
  Pick<typeof stores.$inferInsert, 'status' | 'statusBeforeSuspension' | 'suspendedAt' | 'suspensionReason'>
>;

export async function setStoreStanding(tx: Db, storeId: number, set: StandingColumns): Promise<void> {
  await tx.update(stores).set(set).where(eq(stores.id, storeId));
}

/** Store `storeId`'s standing, and when and why it was suspended. */
export async function storeStanding(
  db: Db,
  storeId: number,
): Promise<{ status: StoreStatus; reason: string | null; at: Date | null } | undefined> {
  const [row] = await db
    .select({ status: stores.status, reason: stores.suspensionReason, at: stores.suspendedAt })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row;
}

/** How many stores are open, and how many of them are among `storeIds` (SQL for an `in`, such as the traders). */
export async function openStoreCounts(db: Db, storeIds: SQL): Promise<{ open: number; among: number }> {
  const [row] = await queryRows<{ open: number; among: number }>(
    db,
    sql`select (select count(*)::int from stores s where s.status = 'open' and s.id in ${storeIds}) as among,
               (select count(*)::int from stores where status = 'open') as open`,
  );
  return row ?? { open: 0, among: 0 };
}
