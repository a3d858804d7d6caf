import { sql } from 'drizzle-orm';
import { accountDataMessages as m } from '@pricehub/shared/schemas/account-data';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { enforceLimit, refundHit, type RateLimit } from '../../http/rate-limit';
import { verifyPassword } from '../auth/passwords';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';

/** Wrong passwords are counted like logins: the form must not become a way round the login throttle. */
export const ACCOUNT_DELETION_LIMIT: RateLimit = {
  name: 'account-delete',
  windowSeconds: 900,
  perAccount: 5,
  perAddress: 30,
};

export const OPERATOR_ACCOUNTS = 'Operator accounts are managed from the command line';

/** What stays of a person on the records a shop must keep (orders, reviews, its notifications). */
export const DELETED_ADDRESS = 'Removed: the account was deleted';
export const DELETED_CUSTOMER = 'Deleted customer';
export const DELETED_SELLER = 'Deleted seller';
export const FORMER_CUSTOMER = 'Former customer';

/** Orders still to be delivered: their seller needs the address, and the customer the goods. */
const IN_PROGRESS = sql`('Booked', 'Accepted', 'Shipped')`;

/**
 * Deletes the signed-in account once its password is confirmed (docs/decisions: account deletion). The row is kept
 * with every personal field replaced, because orders, which the shop must keep, point at it; the email is freed,
 * so it can register again. Refused with 409 while orders are still in progress, or returns wait for an answer.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: SessionUser,
  password: string,
  address: string,
): Promise<void> {
  if (user.role === 'operator') throw forbidden(OPERATOR_ACCOUNTS);
  const caller = { account: `${user.role}:${user.id}`, address };
  await enforceLimit(ctx.db, ACCOUNT_DELETION_LIMIT, caller, m.tooManyAttempts);
  const [account] = await queryRows<{ password_hash: string }>(
    ctx.db,
    sql`select password_hash from accounts where id = ${user.id} and deleted_at is null`,
  );
  if (!account) throw notFound('Account not found');
  if (!(await verifyPassword(account.password_hash, password))) {
    throw badRequest(m.wrongPassword, { password: m.wrongPassword });
  }
  await refundHit(ctx.db, ACCOUNT_DELETION_LIMIT, caller);
  await ctx.db.transaction(async (tx) =>
    user.role === 'seller' ? deleteSeller(ctx, tx, user.id) : deleteCustomer(ctx, tx, user.id),
  );
  // A closed store leaves search at once on this server.
  if (user.role === 'seller') invalidateCatalogCache();
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/** The account row, locked: an order written at the same moment (its foreign key shares this lock) waits or wins. */
async function lockAccount(tx: Db, accountId: number): Promise<{ email: string }> {
  const [row] = await queryRows<{ email: string }>(
    tx,
    sql`select email from accounts where id = ${accountId} and deleted_at is null for update`,
  );
  if (!row) throw notFound('Account not found');
  return row;
}

async function deleteCustomer(ctx: AppContext, tx: Db, customerId: number): Promise<void> {
  const { email } = await lockAccount(tx, customerId);
  const open = await queryRows<{ id: string }>(
    tx,
    sql`select id from orders where customer_id = ${customerId} and status in ${IN_PROGRESS} order by id limit 10`,
  );
  if (open.length > 0) throw conflict(m.customerOpenOrders(ids(open)));
  const returns = await queryRows<{ id: string }>(
    tx,
    sql`select distinct r.order_id as id from returns r join orders o on o.id = r.order_id
        where o.customer_id = ${customerId} and r.status = 'Requested' order by 1 limit 10`,
  );
  if (returns.length > 0) throw conflict(m.openReturns(ids(returns)));

  await tx.execute(sql`update orders set shipping_address = ${DELETED_ADDRESS} where customer_id = ${customerId}`);
  await tx.execute(sql`update notifications set customer = ${DELETED_CUSTOMER}
      where order_id in (select id from orders where customer_id = ${customerId})`);
  // Reviews stay for other shoppers (and the ratings they make up), no longer signed with the name.
  await tx.execute(sql`update reviews set author = ${FORMER_CUSTOMER}, customer_id = null
      where customer_id = ${customerId}`);
  for (const table of [
    'cart_items',
    'wishlist_items',
    'compare_items',
    'price_alerts',
    'wishlist_alert_states',
    'customer_notifications',
  ]) {
    await tx.execute(sql`delete from ${sql.raw(table)} where customer_id = ${customerId}`);
  }
  await anonymiseAccount(ctx, tx, customerId, email, DELETED_CUSTOMER);
}

async function deleteSeller(ctx: AppContext, tx: Db, sellerId: number): Promise<void> {
  const { email } = await lockAccount(tx, sellerId);
  // Locking the store waits for a checkout writing an order to it (the order's key shares this row).
  const [store] = await queryRows<{ id: number }>(
    tx,
    sql`select id from stores where seller_id = ${sellerId} for update`,
  );
  if (store) {
    const open = await queryRows<{ id: string }>(
      tx,
      sql`select id from orders where store_id = ${store.id} and status in ${IN_PROGRESS} order by id limit 10`,
    );
    if (open.length > 0) throw conflict(m.sellerOpenOrders(ids(open)));
    const returns = await queryRows<{ id: string }>(
      tx,
      sql`select distinct order_id as id from returns where store_id = ${store.id} and status = 'Requested'
          order by 1 limit 10`,
    );
    if (returns.length > 0) throw conflict(m.openReturns(ids(returns)));
    // Closing the store takes its listings out of the shop (the catalogue triggers); its name stays on its orders.
    // A store an operator has suspended stays suspended, and would return to closed.
    await tx.execute(sql`update stores set phone = '', description = '',
        status = case when status = 'suspended' then status else 'closed'::store_status end,
        status_before_suspension = case when status = 'suspended' then 'closed'::store_status end
        where id = ${store.id}`);
    await tx.execute(sql`delete from blogs where store_id = ${store.id}`);
    await tx.execute(sql`delete from notifications where store_id = ${store.id}`);
  }
  await anonymiseAccount(ctx, tx, sellerId, email, DELETED_SELLER);
}

/**
 * The account's personal fields replaced, its password made unusable, its sessions and links ended. Mail already
 * sent to the address is forgotten, unless another account of the same person (one per role) still uses it.
 */
async function anonymiseAccount(ctx: AppContext, tx: Db, accountId: number, email: string, name: string) {
  await tx.execute(sql`update accounts set email = ${`deleted-${accountId}@deleted.invalid`}, name = ${name},
      phone = '', address = '', city = '', password_hash = '!deleted', wishlist_alerts = false,
      deleted_at = ${ctx.now().toISOString()}::timestamptz, updated_at = ${ctx.now().toISOString()}::timestamptz
      where id = ${accountId}`);
  for (const table of ['sessions', 'password_resets', 'unsubscribe_tokens']) {
    await tx.execute(sql`delete from ${sql.raw(table)} where account_id = ${accountId}`);
  }
  await tx.execute(sql`delete from mail_outbox where "to" = ${email} and status in ('sent', 'failed')
      and not exists (select 1 from accounts where email = ${email} and deleted_at is null)`);
  await tx.execute(sql`delete from mail_outbox where status = 'pending'
      and dedupe_key like ${`wishlist-alert:${accountId}:%`}`);
}
