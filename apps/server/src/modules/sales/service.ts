import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import { utcIsoDay } from '@pricehub/shared/rules/dates';
import type { PublicSaleDetail, SaleInput, SaleProductRow, SellerSale } from '@pricehub/shared/schemas/sale';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { listings, saleProducts, sales } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { openStoresSql, storeNameSql } from '../accounts/queries';
import { campaignDays, campaignStatus, campaignWindow, newCampaignCode } from './campaign-dates';
import { unitPrice } from './pricing';

const m = messages.sale;
export const saleMessages = {
  notFound: 'Sale not found',
  deleted: 'Sale deleted',
  created: 'Sale created',
  updated: 'Sale updated',
} as const;
const CODE_ATTEMPTS = 5;

type SaleRow = typeof sales.$inferSelect;

/** The start may not be before today (UTC), except an unchanged start of a sale being edited. */
function checkStartDay(ctx: AppContext, startDate: string, savedStart?: string) {
  const today = utcIsoDay(ctx.now());
  const earliest = savedStart && savedStart < today ? savedStart : today;
  if (startDate < earliest) throw badRequest(m.startInPast, { startDate: m.startInPast });
}

/** The listings a sale covers: each id must be one of the store's own listings; another store's reads as unknown. */
async function ownListingIds(db: Db, storeId: number, ids: number[]): Promise<number[]> {
  const rows = ids.every((id) => id <= 2_147_483_647)
    ? await db.select({ id: listings.id, storeId: listings.storeId }).from(listings).where(inArray(listings.id, ids))
    : [];
  if (rows.length !== ids.length || rows.some((r) => r.storeId !== storeId)) {
    throw badRequest(messages.product.notFound, { productIds: messages.product.notFound });
  }
  return ids;
}

async function productRows(db: Db, saleIds: number[], percentBySale: Map<number, number>) {
  if (saleIds.length === 0) return new Map<number, SaleProductRow[]>();
  const rows = await db
    .select({
      saleId: saleProducts.saleId,
      id: listings.id,
      productId: listings.productId,
      name: listings.name,
      image: listings.image,
      price: listings.price,
    })
    .from(saleProducts)
    .innerJoin(listings, eq(listings.id, saleProducts.listingId))
    .where(inArray(saleProducts.saleId, saleIds))
    .orderBy(listings.name, listings.id);
  const bySale = new Map<number, SaleProductRow[]>();
  for (const r of rows) {
    const percent = percentBySale.get(r.saleId)!;
    const list = bySale.get(r.saleId) ?? [];
    list.push({
      id: r.id,
      productId: r.productId,
      name: r.name,
      image: r.image,
      price: r.price,
      salePrice: salePriceOf(r.price, percent),
    });
    bySale.set(r.saleId, list);
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

export async function listSellerSales(ctx: AppContext, storeId: number): Promise<SellerSale[]> {
  const rows = await ctx.db
    .select()
    .from(sales)
    .where(eq(sales.storeId, storeId))
    .orderBy(sql`${sales.startsAt} desc`);
  return toSellerSales(ctx, rows);
}

/** 404 when no sale of this store has the code (another store's included: its codes tell nothing). */
async function ownedSale(db: Db, storeId: number, code: string): Promise<SaleRow> {
  const [row] = await db.select().from(sales).where(eq(sales.code, code.toUpperCase()));
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
      const row = await ctx.db.transaction(async (tx) => {
        const [sale] = await tx
          .insert(sales)
          .values({
            code: newCampaignCode(),
            storeId,
            title: input.title,
            discountPercent: input.discount,
            ...campaignWindow(input.startDate, input.endDate),
          })
          .returning();
        await tx.insert(saleProducts).values(listingIds.map((listingId) => ({ saleId: sale!.id, listingId })));
        return sale!;
      });
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
  const row = await ctx.db.transaction(async (tx) => {
    const [sale] = await tx
      .update(sales)
      .set({
        title: input.title,
        discountPercent: input.discount,
        ...campaignWindow(input.startDate, input.endDate),
      })
      .where(and(eq(sales.id, existing.id), eq(sales.storeId, storeId)))
      .returning();
    await tx.delete(saleProducts).where(eq(saleProducts.saleId, existing.id));
    await tx.insert(saleProducts).values(listingIds.map((listingId) => ({ saleId: existing.id, listingId })));
    return sale!;
  });
  invalidateCatalogCache();
  const [updated] = await toSellerSales(ctx, [row]);
  return updated!;
}

export async function deleteSale(ctx: AppContext, storeId: number, code: string): Promise<void> {
  const existing = await ownedSale(ctx.db, storeId, code);
  await ctx.db.delete(sales).where(eq(sales.id, existing.id));
  invalidateCatalogCache();
}

/**
 * A sale's public page: shown while its store is open, whatever its dates (the page says when it runs). Each row
 * is one of the store's listings (`id`) with its catalogue product (`productId`, what the product page opens).
 */
export async function getPublicSale(ctx: AppContext, code: string): Promise<PublicSaleDetail> {
  const [row] = await ctx.db
    .select({ sale: sales, store: storeNameSql(sales.storeId) })
    .from(sales)
    .where(and(eq(sales.code, code.toUpperCase()), sql`${sales.storeId} in (select s.id from ${openStoresSql} s)`));
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
