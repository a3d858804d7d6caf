import { messages } from '@pricehub/shared/messages';
import { utcIsoDay } from '@pricehub/shared/rules/dates';
import type { PublicSaleDetail, SaleInput, SaleProductRow, SellerSale } from '@pricehub/shared/schemas/sale';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, notFound } from '../../http/errors';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { listingStores, listingSummaries } from '../catalog/queries';
import { campaignDays, campaignStatus, campaignWindow, newCampaignCode } from '../sales/campaign-dates';
import { unitPrice } from '../sales/pricing';
import * as repo from '../sales/repository';
import type { SaleRow } from '../sales/repository';

/**
 * A seller's sales (create, change, end) and a sale's public page. The sales' tables are modules/sales's, the listings
 * the catalogue's: this module sits above both (decision 028), so each is read through its owner.
 */

const m = messages.sale;
export const saleMessages = {
  notFound: 'Sale not found',
  deleted: 'Sale deleted',
  created: 'Sale created',
  updated: 'Sale updated',
} as const;
const CODE_ATTEMPTS = 5;

/** The start may not be before today (UTC), except an unchanged start of a sale being edited. */
function checkStartDay(ctx: AppContext, startDate: string, savedStart?: string) {
  const today = utcIsoDay(ctx.now());
  const earliest = savedStart && savedStart < today ? savedStart : today;
  if (startDate < earliest) throw badRequest(m.startInPast, { startDate: m.startInPast });
}

/** The listings a sale covers: each id must be one of the store's own listings; another store's reads as unknown. */
async function ownListingIds(db: Db, storeId: number, ids: number[]): Promise<number[]> {
  const rows = await listingStores(db, ids);
  if (rows.length !== ids.length || rows.some((r) => r.storeId !== storeId)) {
    throw badRequest(messages.product.notFound, { productIds: messages.product.notFound });
  }
  return ids;
}

/** Each sale's listings, by name and then id, with their prices during it. */
async function productRows(db: Db, saleIds: number[], percentBySale: Map<number, number>) {
  const pairs = await repo.saleListingIds(db, saleIds);
  const listings = await listingSummaries(db, [...new Set(pairs.map((p) => p.listingId))]);
  const salesOf = new Map<number, number[]>();
  for (const p of pairs) salesOf.set(p.listingId, [...(salesOf.get(p.listingId) ?? []), p.saleId]);
  const bySale = new Map<number, SaleProductRow[]>();
  for (const l of listings) {
    for (const saleId of salesOf.get(l.id) ?? []) {
      const list = bySale.get(saleId) ?? [];
      list.push({ ...l, salePrice: salePriceOf(l.price, percentBySale.get(saleId)!) });
      bySale.set(saleId, list);
    }
  }
  return bySale;
}

/** Priced exactly as the catalogue, cart and checkout price it (pricing.ts), so every screen agrees. */
const salePriceOf = (price: number, percent: number) => unitPrice(price, { code: '', title: '', percent });

async function toSellerSales(ctx: AppContext, rows: SaleRow[]): Promise<SellerSale[]> {
  const bySale = await productRows(
    ctx.db,
    rows.map((r) => r.id),
    new Map(rows.map((r) => [r.id, r.discountPercent])),
  );
  return rows.map((r) => ({
    code: r.code,
    title: r.title,
    discount: r.discountPercent,
    ...campaignDays(r.startsAt, r.endsAt),
    status: campaignStatus(r.startsAt, r.endsAt, ctx.now()),
    products: bySale.get(r.id) ?? [],
  }));
}

const saleFields = (input: SaleInput): repo.SaleFields => ({
  title: input.title,
  discountPercent: input.discount,
  ...campaignWindow(input.startDate, input.endDate),
});

export async function listSellerSales(ctx: AppContext, storeId: number): Promise<SellerSale[]> {
  return toSellerSales(ctx, await repo.storeSales(ctx.db, storeId));
}

/** 404 when no sale of this store has the code (another store's included: its codes tell nothing). */
async function ownedSale(db: Db, storeId: number, code: string): Promise<SaleRow> {
  const row = await repo.saleByCode(db, code);
  if (!row || row.storeId !== storeId) throw notFound(saleMessages.notFound);
  return row;
}

export async function getSellerSale(ctx: AppContext, storeId: number, code: string): Promise<SellerSale> {
  const [sale] = await toSellerSales(ctx, [await ownedSale(ctx.db, storeId, code)]);
  return sale!;
}

export async function createSale(ctx: AppContext, storeId: number, input: SaleInput): Promise<SellerSale> {
  checkStartDay(ctx, input.startDate);
  const listingIds = await ownListingIds(ctx.db, storeId, [...new Set(input.productIds)]);
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await repo.insertSale(ctx.db, { code: newCampaignCode(), storeId, ...saleFields(input) }, listingIds);
      invalidateCatalogCache();
      const [created] = await toSellerSales(ctx, [row]);
      return created!;
    } catch (error) {
      if (isUniqueViolation(error) && attempt < CODE_ATTEMPTS) continue;
      throw error;
    }
  }
}

export async function updateSale(
  ctx: AppContext,
  storeId: number,
  code: string,
  input: SaleInput,
): Promise<SellerSale> {
  const existing = await ownedSale(ctx.db, storeId, code);
  checkStartDay(ctx, input.startDate, campaignDays(existing.startsAt, existing.endsAt).startDate);
  const listingIds = await ownListingIds(ctx.db, storeId, [...new Set(input.productIds)]);
  const row = await repo.updateSale(ctx.db, storeId, existing.id, saleFields(input), listingIds);
  invalidateCatalogCache();
  const [updated] = await toSellerSales(ctx, [row]);
  return updated!;
}

export async function deleteSale(ctx: AppContext, storeId: number, code: string): Promise<void> {
  const existing = await ownedSale(ctx.db, storeId, code);
  await repo.deleteSale(ctx.db, existing.id);
  invalidateCatalogCache();
}

/**
 * A sale's public page: shown while its store is open, whatever its dates (the page says when it runs). Each row
 * is one of the store's listings (`id`) with its catalogue product (`productId`, what the product page opens).
 */
export async function getPublicSale(ctx: AppContext, code: string): Promise<PublicSaleDetail> {
  const row = await repo.openStoreSaleByCode(ctx.db, code);
  if (!row) throw notFound(saleMessages.notFound);
  const bySale = await productRows(ctx.db, [row.sale.id], new Map([[row.sale.id, row.sale.discountPercent]]));
  return {
    sale: {
      code: row.sale.code,
      title: row.sale.title,
      percent: row.sale.discountPercent,
      startsAt: row.sale.startsAt.toISOString(),
      endsAt: row.sale.endsAt.toISOString(),
      store: { slug: row.store.slug, name: row.store.name },
    },
    products: bySale.get(row.sale.id) ?? [],
  };
}
