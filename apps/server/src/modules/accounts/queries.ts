import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client';
import { accounts, stores } from '../../db/schema';

/**
 * What other modules may show of accounts and stores (decision 023), as SQL expressions for their own select, so
 * that a list of complaints stays one statement.
 */

/** SQL: json {name, slug} of store `storeId`. */
export const storeNameSql = (storeId: SQL | AnyColumn) =>
  sql<{ name: string; slug: string }>`(select json_build_object('name', s.name, 'slug', s.slug)
    from stores s where s.id = ${storeId})`;

/** SQL: json {name, email} of account `accountId`. */
export const accountContactSql = (accountId: SQL | AnyColumn) =>
  sql<{ name: string; email: string }>`(select json_build_object('name', a.name, 'email', a.email)
    from accounts a where a.id = ${accountId})`;

/** Whom a mail about a store addresses: the store's name, its seller's name and address. */
export interface StoreSeller {
  storeName: string;
  sellerName: string;
  sellerEmail: string;
}

/** SQL: json StoreSeller of store `storeId`. */
export const storeSellerSql = (storeId: SQL | AnyColumn) =>
  sql<StoreSeller>`(select json_build_object('storeName', s.name, 'sellerName', a.name, 'sellerEmail', a.email)
    from stores s join accounts a on a.id = s.seller_id where s.id = ${storeId})`;

/**
 * SQL for a `from` or `join` (alias it): the stores shoppers may buy from, each with its `id`, `slug` and `name`. A
 * plain subquery, which the planner pulls up into the caller's join: cards and search join it for every product.
 */
export const openStoresSql = sql`(select id, slug, name from stores where status = 'open')`;

/** Whether shoppers may buy from a store: `open`, or `closed` by its seller, or `suspended` by an operator. */
export type StoreStatus = (typeof stores.$inferSelect)['status'];

/** SQL for a `from` or `join` (alias it): every store, open or not, with its `id`, `slug`, `name` and `status`. */
export const storesSql = sql`(select id, slug, name, status from stores)`;

/** SQL for a `from` or `join` (alias it): every account with its `id`, `name` and `email` (whom lists and mail name). */
export const accountNamesSql = sql`(select id, name, email from accounts)`;

/**
 * SQL for a condition that locks accounts `accountIds` (an int[]) FOR NO KEY UPDATE, in id order, until the
 * transaction ends, and is always true. It has no column of the statement, so PostgreSQL evaluates it once, before
 * anything else the statement reads or locks: checkout takes its buyers' accounts first, then their listings.
 */
export const accountsLockedSql = (accountIds: SQL) =>
  sql`array(select id from accounts where id = any(${accountIds}) order by id for no key update) is not null`;

/**
 * A subquery for a Drizzle `join`: every account as a session shows its user, with its `role` and, for a seller,
 * the store (`storeId`, `storeSlug`, `storeName`; null for others). Every signed-in request joins it to its session,
 * so it stays one statement the planner flattens.
 */
export const accountUsers = new QueryBuilder()
  .select({
    id: accounts.id,
    role: accounts.role,
    email: accounts.email,
    name: accounts.name,
    storeId: sql<number | null>`${stores.id}`.as('store_id'),
    storeSlug: sql<string | null>`${stores.slug}`.as('store_slug'),
    storeName: sql<string | null>`${stores.name}`.as('store_name'),
  })
  .from(accounts)
  .leftJoin(stores, eq(stores.sellerId, accounts.id))
  .as('account_users');

/** A store as its public page shows it. */
export type PublicStore = Pick<typeof stores.$inferSelect, 'id' | 'slug' | 'name' | 'status' | 'description'> & {
  createdAt: Date | string;
};

/** The store with this slug (its page), or undefined. */
export async function storeBySlug(db: Db, slug: string): Promise<PublicStore | undefined> {
  const [store] = await queryRows<PublicStore>(
    db,
    sql`select id, slug, name, status, description, created_at as "createdAt" from stores where slug = ${slug}`,
  );
  return store;
}

/** The slugs of the open stores, oldest store first (the sitemap lists their pages). */
export async function openStoreSlugs(db: Db): Promise<string[]> {
  const rows = await queryRows<{ slug: string }>(db, sql`select slug from stores where status = 'open' order by id`);
  return rows.map((r) => r.slug);
}
