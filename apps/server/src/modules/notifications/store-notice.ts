import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { notifyStores } from './listener';

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
 * One notification for a seller about something other than a new order (a return request, say). Call it inside the
 * transaction of the event; the seller's list and its live stream read the same table.
 */
export async function addStoreNotice(tx: Db, notice: StoreNotice): Promise<void> {
  await tx.insert(notifications).values(notice);
  // Delivered on commit to the seller's open streams in every process.
  await notifyStores(tx, [notice.storeId]);
}
