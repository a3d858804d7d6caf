import { z } from 'zod';
import { idInput } from './id';

export const notificationMessages = {
  deleted: 'Notification deleted',
  notFound: 'Notification not found',
  newOrder: 'New order received',
} as const;

export const notificationIdParams = z.object({
  id: idInput(notificationMessages.notFound),
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
