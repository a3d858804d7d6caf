import { z } from 'zod';
import { idInput } from './id';
import { isoTime } from './response';

export const notificationMessages = {
  deleted: 'Notification deleted',
  notFound: 'Notification not found',
  newOrder: 'New order received',
} as const;

export const notificationIdParams = z.object({
  id: idInput(notificationMessages.notFound),
});

/**
 * A seller's notification: a new order, or a return asked for (`message` says which). `product` names the order's
 * lines, `total` is in paisa. The live stream sends the same object in each `notification` event.
 */
export const notificationView = z.object({
  id: z.number().int(),
  orderId: z.string().nullable(),
  message: z.string(),
  product: z.string(),
  customer: z.string(),
  total: z.number().int(),
  date: isoTime,
});
export type NotificationView = z.infer<typeof notificationView>;

/** GET /api/seller/notifications: newest first. */
export const notificationList = z.object({ notifications: z.array(notificationView) });
