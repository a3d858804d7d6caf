import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * An operator's decisions about which product an item belongs to (confirmed, split out or moved): matching
 * (catalogue.ts) honours them whenever the same item comes again, so they are the catalogue's data. The operator's
 * matching screens record them and ask which items are decided through these functions.
 */

export type MatchDecision = 'confirm' | 'split' | 'move';

/** The item a decision is about: another store's item (by the store's slug, which outlives the store) or a listing. */
export type DecidedItem = { storeSlug: string; storeItemId: string } | { listingId: number };

/** Records (or replaces) the decision the matcher honours when this item comes again. */
export async function recordMatchDecision(
  tx: Db,
  item: DecidedItem,
  productId: number,
  decision: MatchDecision,
  decidedBy: number,
  at: Date,
): Promise<void> {
  if ('storeSlug' in item) {
    await tx.execute(sql`insert into match_decisions (store_slug, store_item_id, product_id, decision, decided_by, decided_at)
        values (${item.storeSlug}, ${item.storeItemId}, ${productId}, ${decision}, ${decidedBy}, ${at})
        on conflict (store_slug, store_item_id) where listing_id is null
        do update set product_id = excluded.product_id, decision = excluded.decision, decided_by = excluded.decided_by,
          decided_at = excluded.decided_at`);
  } else {
    await tx.execute(sql`insert into match_decisions (listing_id, product_id, decision, decided_by, decided_at)
        values (${item.listingId}, ${productId}, ${decision}, ${decidedBy}, ${at})
        on conflict (listing_id) where listing_id is not null
        do update set product_id = excluded.product_id, decision = excluded.decision, decided_by = excluded.decided_by,
          decided_at = excluded.decided_at`);
  }
}

/** SQL: whether an operator has decided about listing `listingId`. */
export const listingDecidedSql = (listingId: SQL) =>
  sql`exists (select 1 from match_decisions d where d.listing_id = ${listingId})`;

/** SQL: whether an operator has decided about item `storeItemId` of the store with slug `storeSlug`. */
export const offerDecidedSql = (storeSlug: SQL, storeItemId: SQL) =>
  sql`exists (select 1 from match_decisions d
              where d.listing_id is null and d.store_slug = ${storeSlug} and d.store_item_id = ${storeItemId})`;
