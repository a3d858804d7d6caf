import { sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';

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
