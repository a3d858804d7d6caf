import { z } from 'zod';
import { idInput } from './id';
import { isoTime } from './response';

/** A customer's notifications (GET /api/notifications): every step of their orders after booking. */

export const customerNotificationMessages = {
  markedRead: 'Notifications marked as read',
  notFound: 'Notification not found',
  badIds: 'Choose the notifications to mark as read',
  tooManyIds: 'Mark at most 100 notifications at a time',
  badPage: 'Page must be a whole number from 1 to 1000',
  badPageSize: 'Page size must be a whole number from 1 to 50',
  none: 'No notifications yet',
} as const;
const m = customerNotificationMessages;

export const customerNotificationKinds = [
  'order_status',
  'order_rejected',
  'return_requested',
  'return_accepted',
  'return_refused',
  'payment_refunded',
] as const;
export type CustomerNotificationKind = (typeof customerNotificationKinds)[number];

export const CUSTOMER_NOTIFICATIONS_PAGE_SIZE = 20;

export const customerNotificationsQuery = z.object({
  page: z.coerce.number({ error: m.badPage }).int(m.badPage).min(1, m.badPage).max(1000, m.badPage).default(1),
  pageSize: z.coerce
    .number({ error: m.badPageSize })
    .int(m.badPageSize)
    .min(1, m.badPageSize)
    .max(50, m.badPageSize)
    .default(CUSTOMER_NOTIFICATIONS_PAGE_SIZE),
});
export type CustomerNotificationsQuery = z.infer<typeof customerNotificationsQuery>;

/** POST /api/notifications/read: these notifications, or (without `ids`) all of the customer's. */
export const markNotificationsReadInput = z.object({
  ids: z.array(idInput(m.notFound), { error: m.badIds }).min(1, m.badIds).max(100, m.tooManyIds).optional(),
});
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadInput>;

export const customerNotificationView = z.object({
  id: z.number().int(),
  kind: z.enum(customerNotificationKinds),
  orderId: z.string(),
  /** One line: "Order SG1234 shipped". */
  title: z.string(),
  /** The details (the seller's reason, the refund); may be ''. */
  body: z.string(),
  /** Where the notification leads: its order's page. */
  link: z.string(),
  read: z.boolean(),
  date: isoTime,
});
export type CustomerNotificationView = z.infer<typeof customerNotificationView>;

export const customerNotificationPage = z.object({
  notifications: z.array(customerNotificationView),
  total: z.number().int(),
  /** Unread notifications of the customer, on every page. */
  unread: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CustomerNotificationPage = z.infer<typeof customerNotificationPage>;

/** POST /api/notifications/read: the toast's wording and how many are still unread (the header's badge). */
export const notificationsMarkedRead = z.object({ message: z.string(), unread: z.number().int() });
