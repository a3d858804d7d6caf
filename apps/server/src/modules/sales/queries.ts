import { sql } from 'drizzle-orm';
import { queryItems, type Db } from '../../db/client';

/** What other modules may read of sales (decision 023) beyond pricing.ts: a seller's data export. */

/** The store's sales, each with its listings' ids, as its seller downloads them (modules/account-data), oldest first. */
export async function exportStoreSales(db: Db, storeId: number): Promise<unknown[]> {
  return queryItems(
    db,
    sql`select json_build_object('code', s.code, 'title', s.title, 'discountPercent', s.discount_percent,
          'startsAt', s.starts_at, 'endsAt', s.ends_at, 'createdAt', s.created_at,
          'listingIds', (select coalesce(json_agg(sp.listing_id order by sp.listing_id), '[]'::json)
            from sale_products sp where sp.sale_id = s.id)) as item
        from sales s where s.store_id = ${storeId} order by s.created_at, s.id`,
  );
}
