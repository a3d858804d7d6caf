import type { SessionUser } from '@pricehub/shared/schemas/account';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { exportCustomerAccount, exportSellerAccount, exportSellerStore } from '../accounts/repository';
import { exportStoreBlogs } from '../blogs/queries';
import { exportCart } from '../cart/queries';
import { exportStoreListings, listingNameSql, productNameSql } from '../catalog/queries';
import { exportComplaints } from '../complaints/repository';
import { exportCustomerNotifications } from '../notifications/queries';
import { listPriceAlerts } from '../prices/alerts';
import { exportOrders, exportPayments, exportReturns } from '../orders/queries';
import { exportStorePromos } from '../promos/queries';
import { exportCustomerReviews } from '../reviews/repository';
import { exportStoreSales } from '../sales/queries';
import { exportCompareList } from '../wishlist/repository';
import { listWishlist } from '../wishlist/service';
import { OPERATOR_ACCOUNTS } from './account-deletion';

/**
 * Everything PriceHub holds about one account, as the owner downloads it. Each module that owns a part exports it
 * (decision 026); each list is read with the account's own id in its `where`, so an export can hold nobody else's
 * data, and a seller's orders carry no buyer's name or address. Money is in paisa, as everywhere on the wire; times
 * are ISO 8601 in UTC.
 */
export type AccountExport = Record<string, unknown>;

export async function exportCustomerData(ctx: AppContext, customerId: number): Promise<AccountExport> {
  const db = ctx.db;
  const account = await exportCustomerAccount(db, customerId);
  if (!account) throw notFound('Account not found');
  const customer = { customerId };
  return {
    exportedAt: ctx.now().toISOString(),
    account,
    orders: await exportOrders(db, customer),
    returns: await exportReturns(db, customer),
    payments: await exportPayments(db, customerId),
    reviews: await exportCustomerReviews(db, customerId, productNameSql),
    complaints: await exportComplaints(db, customer),
    wishlist: await listWishlist(ctx, customerId),
    compare: await exportCompareList(db, customerId),
    cart: await exportCart(db, customerId, listingNameSql),
    priceAlerts: await listPriceAlerts(ctx, customerId),
    notifications: await exportCustomerNotifications(db, customerId),
  };
}

export async function exportSellerData(ctx: AppContext, sellerId: number): Promise<AccountExport> {
  const db = ctx.db;
  const account = await exportSellerAccount(db, sellerId);
  const store = await exportSellerStore(db, sellerId);
  if (!account || !store) throw notFound('Account not found');
  const ofStore = { storeId: store.id };
  return {
    exportedAt: ctx.now().toISOString(),
    account,
    store: store.item,
    listings: await exportStoreListings(db, store.id),
    // The store's sales records; the buyers' names and addresses are theirs, not the seller's to export.
    orders: await exportOrders(db, ofStore),
    returns: await exportReturns(db, ofStore),
    sales: await exportStoreSales(db, store.id),
    promos: await exportStorePromos(db, store.id),
    blogs: await exportStoreBlogs(db, store.id),
    complaints: await exportComplaints(db, ofStore),
  };
}

export function exportAccountData(ctx: AppContext, user: SessionUser): Promise<AccountExport> {
  if (user.role === 'seller') return exportSellerData(ctx, user.id);
  if (user.role === 'customer') return exportCustomerData(ctx, user.id);
  throw forbidden(OPERATOR_ACCOUNTS);
}
