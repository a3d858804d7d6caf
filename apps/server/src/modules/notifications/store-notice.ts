import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SELLER_NOTIFICATIONS_CHANNEL } from './listener';

export interface StoreNotice {
  storeId: number;
  orderId: string | null;
  message: string;
  /** What the notice is about, as the seller's list shows it ("Pixel Phone ×2"). */
  product: string;
  customer: string;
  /** Paisa. */
  total: number;
  createdAt: Date;
}

/**
 * The statement that writes these notices, for a caller that sends it together with its own writes (one round trip,
 * e.g. `with notified as (${storeNoticesInsert(notices)}) …`). Each row signals its store's live streams in every
 * process (listener.ts) on commit; PostgreSQL folds a transaction's identical signals into one. Being
 * data-modifying, it runs to completion wherever it is placed.
 */
export function storeNoticesInsert(notices: StoreNotice[]): SQL {
  const rows = notices.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() }));
  return sql`insert into notifications (store_id, order_id, message, product, customer, total, created_at)
    select n."storeId", n."orderId", n.message, n.product, n.customer, n.total, n."createdAt"
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as n("storeId" int, "orderId" text, message text, product text, customer text, total int, "createdAt" timestamptz)
    returning pg_notify(${SELLER_NOTIFICATIONS_CHANNEL}, store_id::text)`;
}

/**
 * One notification for a seller (a return request, say). Call it inside the transaction of the event; the seller's
 * list and its live stream read the same table.
 */
export async function addStoreNotice(tx: Db, notice: StoreNotice): Promise<void> {
  await tx.execute(sql`with notified as (${storeNoticesInsert([notice])}) select 1`);
}
