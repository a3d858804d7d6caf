import { and, desc, eq, gt } from 'drizzle-orm';
import { notificationMessages, type NotificationView } from '@pricehub/shared/schemas/notification';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { notFound } from '../../http/errors';

const view = (n: typeof notifications.$inferSelect): NotificationView => ({
  id: n.id,
  orderId: n.orderId,
  message: n.message,
  product: n.product,
  customer: n.customer,
  total: n.total,
  date: n.createdAt.toISOString(),
});

export async function listNotifications(ctx: AppContext, storeId: number): Promise<NotificationView[]> {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.storeId, storeId))
    .orderBy(desc(notifications.id))
    .limit(200);
  return rows.map(view);
}

/** Another store's notification answers 404 like a missing one. */
export async function deleteNotification(ctx: AppContext, storeId: number, id: number) {
  const deleted = await ctx.db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.storeId, storeId)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw notFound(notificationMessages.notFound);
  return { message: notificationMessages.deleted };
}

/** The newest notification id of a store (0 when none): where a live stream starts watching. */
export async function latestNotificationId(db: Db, storeId: number): Promise<number> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.storeId, storeId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.id ?? 0;
}

export async function notificationsAfter(db: Db, storeId: number, afterId: number): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.storeId, storeId), gt(notifications.id, afterId)))
    .orderBy(notifications.id)
    .limit(50);
  return rows.map(view);
}
