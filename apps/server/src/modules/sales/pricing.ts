import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { discounted, floorToRupee } from '@pricehub/shared/rules/money';
import type { Db } from '../../db/client';
import { saleProducts, sales } from '../../db/schema';

export interface ActiveSale {
  code: string;
  title: string;
  percent: number;
}

/**
 * The sale covering each product right now (the deepest one when several overlap). The catalogue, the cart and
 * checkout all price through this, so a shopper sees the same price on every screen.
 */
export async function activeSales(db: Db, productIds: number[], now: Date): Promise<Map<number, ActiveSale>> {
  const result = new Map<number, ActiveSale>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select({ productId: saleProducts.productId, code: sales.code, title: sales.title, percent: sales.discountPercent })
    .from(saleProducts)
    .innerJoin(sales, eq(sales.id, saleProducts.saleId))
    .where(and(inArray(saleProducts.productId, productIds), lte(sales.startsAt, now), gt(sales.endsAt, now)));
  for (const row of rows) {
    const current = result.get(row.productId);
    if (!current || row.percent > current.percent) {
      result.set(row.productId, { code: row.code, title: row.title, percent: row.percent });
    }
  }
  return result;
}

/** The unit price a shopper pays: the sale price when a sale applies, floored to whole rupees (spec §9). */
export function unitPrice(price: number, sale: ActiveSale | undefined): number {
  return floorToRupee(sale ? discounted(price, sale.percent) : price);
}
