import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promos } from '../../db/schema';

export interface Promo {
  id: number;
  code: string;
  storeId: number;
  title: string;
  percent: number;
  startsAt: Date;
  endsAt: Date;
}

/** A promo by its code, matched case-insensitively (codes are stored upper-case). Dates are checked by the caller. */
export async function findPromoByCode(db: Db, code: string): Promise<Promo | undefined> {
  const [row] = await db
    .select()
    .from(promos)
    .where(sql`${promos.code} = upper(${code.trim()})`)
    .limit(1);
  return row
    ? {
        id: row.id,
        code: row.code,
        storeId: row.storeId,
        title: row.title,
        percent: row.discountPercent,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
      }
    : undefined;
}

export const isPromoActive = (promo: Promo, now: Date) => promo.startsAt <= now && now < promo.endsAt;
