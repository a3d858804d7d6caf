import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

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

/** An operator account as the command line reports it. */
export type OperatorAccountRow = Pick<typeof accounts.$inferSelect, 'id' | 'email' | 'name'>;

/**
 * Makes an operator account. Operators have no phone or address: they neither buy nor sell. A taken email throws the
 * unique violation (isUniqueViolation) for the caller to answer.
 */
export async function insertOperatorAccount(
  db: Db,
  operator: Pick<typeof accounts.$inferInsert, 'email' | 'name' | 'passwordHash'>,
): Promise<OperatorAccountRow> {
  const [account] = await db
    .insert(accounts)
    .values({ role: 'operator', phone: '', ...operator })
    .returning({ id: accounts.id, email: accounts.email, name: accounts.name });
  return account!;
}

/** Whether an operator account with this email exists. */
export async function operatorExists(db: Db, email: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.role, 'operator'), eq(accounts.email, email)))
    .limit(1);
  return existing !== undefined;
}
