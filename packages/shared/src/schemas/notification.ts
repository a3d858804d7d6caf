import { z } from 'zod';

export const notificationMessages = {
  deleted: 'Notification deleted',
  notFound: 'Notification not found',
  newOrder: 'New order received',
} as const;

export const notificationIdParams = z.object({
  id: z.coerce.number({ error: notificationMessages.notFound }).int().positive(notificationMessages.notFound),
});

export interface NotificationView {
  id: number;
  orderId: string | null;
  message: string;
  product: string;
  customer: string;
  total: number;
  date: string;
}
