import type { Db } from '../db/client';
import { promos, saleProducts, sales } from '../db/schema';

/**
 * Sales and promo codes for the shop's API tests, written straight to the database (the seller routes that make
 * them have tests of their own). Times are epoch milliseconds.
 */

const HOUR = 3_600_000;

/** A campaign code as the seller routes make them: eight upper-case hex digits, different each call. */
const randomCode = () => Math.random().toString(16).slice(2, 10).toUpperCase().padEnd(8, '0');

export interface SaleFields {
  storeId: number;
  /** The store's listings the sale covers. */
  listingIds: number[];
  discountPercent: number;
  code?: string;
  title?: string;
}

/** A sale over some of a store's listings, running from an hour before `now` to an hour after; answers its id. */
export async function insertSale(db: Db, fields: SaleFields, now = Date.now()): Promise<number> {
  const [sale] = await db
    .insert(sales)
    .values({
      code: fields.code ?? randomCode(),
      storeId: fields.storeId,
      title: fields.title ?? 'Test sale',
      discountPercent: fields.discountPercent,
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + HOUR),
    })
    .returning({ id: sales.id });
  await db.insert(saleProducts).values(fields.listingIds.map((listingId) => ({ saleId: sale!.id, listingId })));
  return sale!.id;
}

/** A promo code of a store, titled as its code, running from `startsAt` to `endsAt` (by default `now` ± an hour). */
export async function insertPromo(
  db: Db,
  fields: { code: string; storeId: number; discountPercent: number; startsAt?: number; endsAt?: number },
  now = Date.now(),
): Promise<void> {
  await db.insert(promos).values({
    code: fields.code,
    storeId: fields.storeId,
    title: fields.code,
    discountPercent: fields.discountPercent,
    startsAt: new Date(fields.startsAt ?? now - HOUR),
    endsAt: new Date(fields.endsAt ?? now + HOUR),
  });
}

/** The codes of the four promos a test of redemption needs (see `insertPromoCases`). */
export interface PromoCaseCodes {
  running: string;
  expired: string;
  upcoming: string;
  /** Running, but at the other store. */
  foreign: string;
}

/**
 * The promos that tell a usable code from the unusable ones: at `storeId` one running now, one that ended an hour ago
 * and one that starts in an hour; at `otherStoreId`, one running now.
 */
export async function insertPromoCases(
  db: Db,
  stores: { storeId: number; otherStoreId: number },
  codes: PromoCaseCodes,
  discountPercent: number,
  now = Date.now(),
): Promise<void> {
  const { storeId, otherStoreId } = stores;
  for (const promo of [
    { code: codes.running, storeId },
    { code: codes.expired, storeId, startsAt: now - 3 * HOUR, endsAt: now - HOUR },
    { code: codes.upcoming, storeId, startsAt: now + HOUR, endsAt: now + 2 * HOUR },
    { code: codes.foreign, storeId: otherStoreId },
  ]) {
    await insertPromo(db, { ...promo, discountPercent }, now);
  }
}
