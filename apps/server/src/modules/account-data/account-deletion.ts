import { accountDataMessages as m } from '@pricehub/shared/schemas/account-data';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { enforceLimit, refundHit, type RateLimit } from '../../http/rate-limit';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import {
  anonymiseAccountRow,
  closeDeletedSellersStore,
  emailInUseSql,
  livePasswordHash,
  lockAccount,
  lockSellerStore,
} from '../accounts/repository';
import { endAccountAccess } from '../auth/queries';
import { verifyPassword } from '../auth/passwords';
import { eraseStoreBlogs } from '../blogs/queries';
import { eraseCart } from '../cart/queries';
import { dropPendingMail, forgetMailTo } from '../mail/outbox';
import { eraseCustomerNotifications, eraseStoreNotifications, renameNoticesCustomer } from '../notifications/queries';
import { erasePriceAlerts } from '../prices/alerts';
import {
  customerOrderIdsSql,
  eraseShippingAddresses,
  ordersAwaitingReturn,
  ordersInProgress,
  type OrderParty,
} from '../orders/queries';
import { unsignCustomerReviews } from '../reviews/repository';
import { alertMailKeyPrefix, eraseSavedLists, eraseUnsubscribeTokens } from '../wishlist/repository';

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

/**
 * Deletes the signed-in account once its password is confirmed (docs/decisions: account deletion). The row is kept
 * with every personal field replaced, because orders, which the shop must keep, point at it; the email is freed,
 * so it can register again. Refused with 409 while orders are still in progress, or returns wait for an answer.
 * Each module that holds a part of the account erases it (decision 026), in one transaction.
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
  const passwordHash = await livePasswordHash(ctx.db, user.id);
  if (passwordHash === undefined) throw notFound('Account not found');
  if (!(await verifyPassword(passwordHash, password))) {
    throw badRequest(m.wrongPassword, { password: m.wrongPassword });
  }
  await refundHit(ctx.db, ACCOUNT_DELETION_LIMIT, caller);
  await ctx.db.transaction(async (tx) =>
    user.role === 'seller' ? deleteSeller(ctx, tx, user.id) : deleteCustomer(ctx, tx, user.id),
  );
  // A closed store leaves search at once on this server.
  if (user.role === 'seller') invalidateCatalogCache();
}

/** The live account, locked: an order written at the same moment (its foreign key shares this lock) waits or wins. */
async function lockLiveAccount(tx: Db, accountId: number): Promise<{ email: string }> {
  const row = await lockAccount(tx, accountId);
  if (!row || row.deletedAt !== null) throw notFound('Account not found');
  return row;
}

/** Refused (409) while the customer's or the store's orders are on their way, or their returns wait for an answer. */
async function refuseWhileOrdersOpen(tx: Db, of: OrderParty, openOrders: (ids: string[]) => string): Promise<void> {
  const open = await ordersInProgress(tx, of);
  if (open.length > 0) throw conflict(openOrders(open));
  const returns = await ordersAwaitingReturn(tx, of);
  if (returns.length > 0) throw conflict(m.openReturns(returns));
}

async function deleteCustomer(ctx: AppContext, tx: Db, customerId: number): Promise<void> {
  const { email } = await lockLiveAccount(tx, customerId);
  await refuseWhileOrdersOpen(tx, { customerId }, m.customerOpenOrders);

  await eraseShippingAddresses(tx, customerId, DELETED_ADDRESS);
  await renameNoticesCustomer(tx, customerOrderIdsSql(customerId), DELETED_CUSTOMER);
  // Reviews stay for other shoppers (and the ratings they make up), no longer signed with the name.
  await unsignCustomerReviews(tx, customerId, FORMER_CUSTOMER);
  await eraseCart(tx, customerId);
  await eraseSavedLists(tx, customerId);
  await erasePriceAlerts(tx, customerId);
  await eraseCustomerNotifications(tx, customerId);
  await anonymiseAccount(ctx, tx, customerId, email, DELETED_CUSTOMER);
}

async function deleteSeller(ctx: AppContext, tx: Db, sellerId: number): Promise<void> {
  const { email } = await lockLiveAccount(tx, sellerId);
  // Locking the store waits for a checkout writing an order to it (the order's key shares this row).
  const storeId = await lockSellerStore(tx, sellerId);
  if (storeId !== undefined) {
    await refuseWhileOrdersOpen(tx, { storeId }, m.sellerOpenOrders);
    // Closing the store takes its listings out of the shop; its name stays on its orders.
    await closeDeletedSellersStore(tx, storeId);
    await eraseStoreBlogs(tx, storeId);
    await eraseStoreNotifications(tx, storeId);
  }
  await anonymiseAccount(ctx, tx, sellerId, email, DELETED_SELLER);
}

/**
 * The account's personal fields replaced, its password made unusable, its sessions and links ended. Mail already
 * sent to the address is forgotten, unless another account of the same person (one per role) still uses it.
 */
async function anonymiseAccount(ctx: AppContext, tx: Db, accountId: number, email: string, name: string) {
  await anonymiseAccountRow(tx, accountId, name, ctx.now());
  await endAccountAccess(tx, accountId);
  await eraseUnsubscribeTokens(tx, accountId);
  await forgetMailTo(tx, email, emailInUseSql(email));
  await dropPendingMail(tx, alertMailKeyPrefix(accountId));
}
