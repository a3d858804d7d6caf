import { sql } from 'drizzle-orm';
import { queryItems, type Db } from '../../db/client';

/** What other modules may read of promo codes (decision 023): a seller's data export. */

/** The store's promo codes as its seller downloads them (modules/account-data), oldest first. */
export async function exportStorePromos(db: Db, storeId: number): Promise<unknown[]> {
  return queryItems(
    db,
    sql`select json_build_object('code', code, 'title', title, 'discountPercent', discount_percent,
          'startsAt', starts_at, 'endsAt', ends_at, 'createdAt', created_at) as item
        from promos where store_id = ${storeId} order by created_at, id`,
  );
}
