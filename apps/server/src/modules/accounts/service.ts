import { messages } from '@pricehub/shared/messages';
import type { CustomerProfile, SellerProfile } from '@pricehub/shared/schemas/account';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { findAccount, findSellerWithStore, updateAccount, updateSellersStore } from './repository';

export async function getCustomerProfile(ctx: AppContext, accountId: number): Promise<CustomerProfile> {
  const a = await findAccount(ctx.db, accountId);
  if (!a) throw notFound(messages.generic.notFound);
  return { name: a.name, email: a.email, phone: a.phone, city: a.city, address: a.address };
}

export async function updateCustomerProfile(
  ctx: AppContext,
  accountId: number,
  input: { name: string; phone: string; city: string; address?: string },
): Promise<CustomerProfile> {
  await updateAccount(ctx.db, accountId, {
    name: input.name,
    phone: input.phone,
    city: input.city,
    ...(input.address !== undefined ? { address: input.address } : {}),
    updatedAt: ctx.now(),
  });
  return getCustomerProfile(ctx, accountId);
}

export async function getSellerProfile(ctx: AppContext, accountId: number): Promise<SellerProfile> {
  const row = await findSellerWithStore(ctx.db, accountId);
  if (!row) throw notFound(messages.generic.notFound);
  return {
    sellerName: row.a.name,
    email: row.a.email,
    storeName: row.s.name,
    storeSlug: row.s.slug,
    licenseId: row.s.licenseId,
    phoneNo: row.s.phone,
    // While an operator has it suspended, the seller still sees (and may change) the open/closed it returns to.
    storeStatus:
      (row.s.status === 'suspended' ? row.s.statusBeforeSuspension : row.s.status) === 'open' ? 'open' : 'closed',
  };
}

export async function updateSellerProfile(
  ctx: AppContext,
  accountId: number,
  input: { sellerName: string; storeName: string; phoneNo: string; storeStatus: 'open' | 'closed' },
): Promise<SellerProfile> {
  await ctx.db.transaction(async (tx) => {
    await updateAccount(tx, accountId, { name: input.sellerName, phone: input.phoneNo, updatedAt: ctx.now() });
    // A suspended store stays suspended: the seller's choice waits until an operator reopens it.
    await updateSellersStore(tx, accountId, { name: input.storeName, phone: input.phoneNo, status: input.storeStatus });
  });
  // Opening or closing a store changes what search shows, at once on this server.
  invalidateCatalogCache();
  return getSellerProfile(ctx, accountId);
}
