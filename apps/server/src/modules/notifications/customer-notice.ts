import type { CustomerNotificationKind } from '@pricehub/shared/schemas/customer-notification';
import type { Db } from '../../db/client';
import { customerNotifications } from '../../db/schema';

/** What one customer notification says, and the order it leads to. */
export interface CustomerNoticeWording {
  orderId: string;
  kind: CustomerNotificationKind;
  title: string;
  /** Sentences on lines of their own; the page keeps the line breaks. */
  body: string;
}

/**
 * One notification for a customer. Call it inside the transaction of the event, beside its mail, so that both
 * happen or neither does.
 */
export async function notifyCustomer(
  tx: Db,
  notice: CustomerNoticeWording & { customerId: number; createdAt: Date },
): Promise<void> {
  await tx.insert(customerNotifications).values(notice);
}
