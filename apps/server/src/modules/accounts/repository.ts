import { and, eq, sql, type SQL } from 'drizzle-orm';
import { slugify } from '@pricehub/shared/rules/slug';
import type { Role } from '@pricehub/shared/schemas/account';
import { queryRows, type Db } from '../../db/client';
import { accounts, stores } from '../../db/schema';

/**
 * The SQL of accounts and stores: the profile pages' (service.ts), and what other modules call (decision 023): sign-up,
 * sign-in and passwords (modules/auth), the account's part of its data export and of its deletion
 * (modules/account-data), and the wishlist's alert setting, its alert mail's address and the lock that serialises a
 * customer's list changes.
 */

type AccountRow = typeof accounts.$inferSelect;
type StoreRow = typeof stores.$inferSelect;

// ── the profile ──────────────────────────────────────────────────────────────────────────────────

export async function findAccount(db: Db, accountId: number): Promise<AccountRow | undefined> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return account;
}

/** What the profile and password forms change of the account. */
export type AccountChanges = Partial<Pick<AccountRow, 'name' | 'phone' | 'city' | 'address' | 'passwordHash'>> &
  Pick<AccountRow, 'updatedAt'>;

export async function updateAccount(db: Db, accountId: number, changes: AccountChanges): Promise<void> {
  await db.update(accounts).set(changes).where(eq(accounts.id, accountId));
}

/** The seller's account (`a`) with their store (`s`), or undefined when either is missing. */
export async function findSellerWithStore(
  db: Db,
  sellerId: number,
): Promise<{ a: AccountRow; s: StoreRow } | undefined> {
  const [row] = await db
    .select({ a: accounts, s: stores })
    .from(accounts)
    .innerJoin(stores, eq(stores.sellerId, accounts.id))
    .where(eq(accounts.id, sellerId));
  return row;
}

/**
 * The seller's store as their profile form sets it. A suspended store stays suspended: the seller's open or closed
 * waits, as the status it returns to, until an operator reopens it.
 */
export async function updateSellersStore(
  db: Db,
  sellerId: number,
  store: Pick<StoreRow, 'name' | 'phone'> & { status: 'open' | 'closed' },
): Promise<void> {
  await db
    .update(stores)
    .set({
      name: store.name,
      phone: store.phone,
      status: sql`case when ${stores.status} = 'suspended' then ${stores.status} else ${store.status}::store_status end`,
      statusBeforeSuspension: sql`case when ${stores.status} = 'suspended' then ${store.status}::store_status end`,
    })
    .where(eq(stores.sellerId, sellerId));
}

// ── sign-up, sign-in and passwords (modules/auth) ────────────────────────────────────────────────

/** The account of this role with this email (sign-in, a reset link's request, the demo's operator), or undefined. */
export async function findAccountByEmail(db: Db, role: Role, email: string): Promise<AccountRow | undefined> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.role, role), eq(accounts.email, email)))
    .limit(1);
  return account;
}

/** What sign-up knows of a new customer or seller; an operator's (modules/operator) has no phone or address. */
export type NewAccount = Pick<typeof accounts.$inferInsert, 'role' | 'email' | 'passwordHash' | 'name' | 'phone'> &
  Partial<Pick<typeof accounts.$inferInsert, 'address'>>;

/** Makes the account. A taken email throws the unique violation (isUniqueViolation) for the caller to answer. */
export async function insertAccount(db: Db, account: NewAccount): Promise<{ id: number }> {
  const [row] = await db.insert(accounts).values(account).returning({ id: accounts.id });
  return row!;
}

/** A free slug for a store named `name`: its slugify, or that with the first free `-2`, `-3`, … */
async function uniqueStoreSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await db
    .select({ slug: stores.slug })
    .from(stores)
    .where(sql`${stores.slug} = ${base} or ${stores.slug} like ${base + '-%'}`);
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Opens a new seller's store under a free slug made from its name. A store opened with the same slug at the same
 * moment throws the unique violation: the caller may try again.
 */
export async function insertStore(
  db: Db,
  store: Pick<typeof stores.$inferInsert, 'sellerId' | 'name' | 'licenseId' | 'phone'>,
): Promise<void> {
  await db.insert(stores).values({ ...store, slug: await uniqueStoreSlug(db, store.name) });
}

/** Each row of `query` is one JSON object, built by PostgreSQL (`select json_build_object(…) as item …`). */
async function items(db: Db, query: SQL): Promise<unknown[]> {
  const rows = await queryRows<{ item: unknown }>(db, query);
  return rows.map((r) => r.item);
}

// ── the data export ──────────────────────────────────────────────────────────────────────────────

/** The live customer account as its owner downloads it, or undefined. */
export async function exportCustomerAccount(db: Db, customerId: number): Promise<unknown> {
  const [account] = await items(
    db,
    sql`select json_build_object('role', role, 'name', name, 'email', email, 'phone', phone, 'city', city,
          'address', address, 'wishlistAlerts', wishlist_alerts, 'createdAt', created_at) as item
        from accounts where id = ${customerId} and role = 'customer' and deleted_at is null`,
  );
  return account;
}

/** The live seller account as its owner downloads it, or undefined. */
export async function exportSellerAccount(db: Db, sellerId: number): Promise<unknown> {
  const [account] = await items(
    db,
    sql`select json_build_object('role', role, 'name', name, 'email', email, 'phone', phone,
          'createdAt', created_at) as item
        from accounts where id = ${sellerId} and role = 'seller' and deleted_at is null`,
  );
  return account;
}

/** The seller's store as the seller downloads it (`item`), with its id to export the rest by. */
export async function exportSellerStore(db: Db, sellerId: number): Promise<{ id: number; item: unknown } | undefined> {
  const [store] = await queryRows<{ id: number; item: unknown }>(
    db,
    sql`select id, json_build_object('name', name, 'slug', slug, 'licenseId', license_id, 'phone', phone,
          'status', status, 'description', description, 'createdAt', created_at) as item
        from stores where seller_id = ${sellerId}`,
  );
  return store;
}

// ── the account's deletion ───────────────────────────────────────────────────────────────────────

/** The password hash of the live account, to confirm a deletion; undefined once it is deleted. */
export async function livePasswordHash(db: Db, accountId: number): Promise<string | undefined> {
  const [account] = await queryRows<{ passwordHash: string }>(
    db,
    sql`select password_hash as "passwordHash" from accounts where id = ${accountId} and deleted_at is null`,
  );
  return account?.passwordHash;
}

/**
 * The account row, locked till the transaction ends, with its address; undefined for an unknown id. An order written
 * at the same moment (its foreign key shares this lock) waits or wins; a customer's list changes queue behind it.
 */
export async function lockAccount(
  tx: Db,
  accountId: number,
): Promise<Pick<typeof accounts.$inferSelect, 'email' | 'deletedAt'> | undefined> {
  const [row] = await queryRows<Pick<typeof accounts.$inferSelect, 'email' | 'deletedAt'>>(
    tx,
    sql`select email, deleted_at as "deletedAt" from accounts where id = ${accountId} for update`,
  );
  return row;
}

/** The seller's store id, its row locked: a checkout writing an order to it (the order's key shares it) waits. */
export async function lockSellerStore(tx: Db, sellerId: number): Promise<number | undefined> {
  const [store] = await queryRows<{ id: number }>(
    tx,
    sql`select id from stores where seller_id = ${sellerId} for update`,
  );
  return store?.id;
}

/**
 * Closes a deleted seller's store, which takes its listings out of the shop (the catalogue triggers); its name stays
 * on its orders. A store an operator has suspended stays suspended, and would return to closed.
 */
export async function closeDeletedSellersStore(tx: Db, storeId: number): Promise<void> {
  await tx.execute(sql`update stores set phone = '', description = '',
      status = case when status = 'suspended' then status else 'closed'::store_status end,
      status_before_suspension = case when status = 'suspended' then 'closed'::store_status end
      where id = ${storeId}`);
}

/** Replaces the account's personal fields (its email freed), makes its password unusable and marks it deleted. */
export async function anonymiseAccountRow(tx: Db, accountId: number, name: string, at: Date): Promise<void> {
  await tx.execute(sql`update accounts set email = ${`deleted-${accountId}@deleted.invalid`}, name = ${name},
      phone = '', address = '', city = '', password_hash = '!deleted', wishlist_alerts = false,
      deleted_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
      where id = ${accountId}`);
}

/** SQL: whether a live account (of either role) still uses this email. */
export const emailInUseSql = (email: string) =>
  sql<boolean>`exists (select 1 from accounts where email = ${email} and deleted_at is null)`;

// ── the wishlist's alerts ────────────────────────────────────────────────────────────────────────

const isCustomer = (customerId: number) => and(eq(accounts.id, customerId), eq(accounts.role, 'customer'));

/** Whether the customer wants wishlist alerts (a column of the account). */
export async function wishlistAlertsOn(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db.select({ enabled: accounts.wishlistAlerts }).from(accounts).where(isCustomer(customerId));
  return row?.enabled ?? false;
}

export async function setWishlistAlerts(db: Db, customerId: number, enabled: boolean, at: Date): Promise<void> {
  await db.update(accounts).set({ wishlistAlerts: enabled, updatedAt: at }).where(isCustomer(customerId));
}

/**
 * SQL for a lateral join: the email and name of account `accountId` when it is live and wants wishlist alerts (no
 * row otherwise), so the alert job's batch of entries stays one statement.
 */
export const alertRecipientSql = (accountId: SQL) =>
  sql`(select a.email, a.name from accounts a
       where a.id = ${accountId} and a.wishlist_alerts and a.deleted_at is null)`;

/** SQL for a lateral join: the email and alert setting (`subscribed`) of account `accountId` while it is live. */
export const subscriberSql = (accountId: SQL) =>
  sql`(select a.email, a.wishlist_alerts as subscribed from accounts a
       where a.id = ${accountId} and a.deleted_at is null)`;

/** Turns off the wishlist alerts of the live account `accountId` (a scalar subquery); answers its address, if any. */
export async function turnOffWishlistAlerts(db: Db, accountId: SQL, at: Date): Promise<string | undefined> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`update accounts set wishlist_alerts = false, updated_at = ${at.toISOString()}::timestamptz
        where id = (${accountId}) and deleted_at is null
        returning email`,
  );
  return row?.email;
}
