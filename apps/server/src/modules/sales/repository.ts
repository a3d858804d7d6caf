import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { saleProducts, sales } from '../../db/schema';
import { openStoresSql, storeNameSql } from '../accounts/queries';

/** The SQL of the sales' own tables (`sales`, `sale_products`) that a seller's sales and a sale's page run on. */

export type SaleRow = typeof sales.$inferSelect;
/** A sale's own fields as a seller sets them: its title, discount and window. */
export type SaleFields = Pick<typeof sales.$inferInsert, 'title' | 'discountPercent' | 'startsAt' | 'endsAt'>;

/** The store's sales, the latest start first. */
export function storeSales(db: Db, storeId: number): Promise<SaleRow[]> {
  return db
    .select()
    .from(sales)
    .where(eq(sales.storeId, storeId))
    .orderBy(sql`${sales.startsAt} desc`);
}

/** The sale with this code (any case), whichever store runs it. */
export async function saleByCode(db: Db, code: string): Promise<SaleRow | undefined> {
  const [row] = await db.select().from(sales).where(eq(sales.code, code.toUpperCase()));
  return row;
}

/** The sale with this code with its store's slug and name, while the store is open. */
export async function openStoreSaleByCode(db: Db, code: string) {
  const [row] = await db
    .select({ sale: sales, store: storeNameSql(sales.storeId) })
    .from(sales)
    .where(and(eq(sales.code, code.toUpperCase()), sql`${sales.storeId} in (select s.id from ${openStoresSql} s)`));
  return row;
}

/** The listings each sale covers, as (sale, listing) pairs. */
export function saleListingIds(db: Db, saleIds: number[]): Promise<{ saleId: number; listingId: number }[]> {
  if (saleIds.length === 0) return Promise.resolve([]);
  return db
    .select({ saleId: saleProducts.saleId, listingId: saleProducts.listingId })
    .from(saleProducts)
    .where(inArray(saleProducts.saleId, saleIds));
}

/** A new sale of the store under `code`, covering `listingIds`. A taken code throws a unique violation. */
export function insertSale(
  db: Db,
  sale: SaleFields & { code: string; storeId: number },
  listingIds: number[],
): Promise<SaleRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(sales).values(sale).returning();
    await tx.insert(saleProducts).values(listingIds.map((listingId) => ({ saleId: row!.id, listingId })));
    return row!;
  });
}

/** The store's sale `saleId` with new fields and listings. */
export function updateSale(
  db: Db,
  storeId: number,
  saleId: number,
  fields: SaleFields,
  listingIds: number[],
): Promise<SaleRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sales)
      .set(fields)
      .where(and(eq(sales.id, saleId), eq(sales.storeId, storeId)))
      .returning();
    await tx.delete(saleProducts).where(eq(saleProducts.saleId, saleId));
    await tx.insert(saleProducts).values(listingIds.map((listingId) => ({ saleId, listingId })));
    return row!;
  });
}

/** Removes the sale and, with it, its listings' rows. */
export async function deleteSale(db: Db, saleId: number): Promise<void> {
  await db.delete(sales).where(eq(sales.id, saleId));
}
