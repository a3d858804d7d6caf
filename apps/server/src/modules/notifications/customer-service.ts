import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  customerNotificationMessages as m,
  type CustomerNotificationPage,
  type CustomerNotificationsQuery,
  type CustomerNotificationView,
} from '@pricehub/shared/schemas/customer-notification';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { customerNotifications } from '../../db/schema';
import { notFound } from '../../http/errors';

const n = customerNotifications;

const view = (row: typeof n.$inferSelect): CustomerNotificationView => ({
  id: row.id,
  kind: row.kind,
  orderId: row.orderId,
  title: row.title,
  body: row.body,
  link: `/orders/${row.orderId}`,
  read: row.readAt !== null,
  date: row.createdAt.toISOString(),
});

async function unreadCount(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(n)
    .where(and(eq(n.customerId, customerId), isNull(n.readAt)));
  return row?.unread ?? 0;
}

/** The customer's notifications, newest first, a page at a time, with how many are unread in all. */
export async function listCustomerNotifications(
  ctx: AppContext,
  customerId: number,
  query: CustomerNotificationsQuery,
): Promise<CustomerNotificationPage> {
  const rows = await ctx.db
    .select()
    .from(n)
    .where(eq(n.customerId, customerId))
    .orderBy(desc(n.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counts] = await ctx.db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${n.readAt} is null)`.mapWith(Number) })
    .from(n)
    .where(eq(n.customerId, customerId));
  return {
    notifications: rows.map(view),
    total: counts?.total ?? 0,
    unread: counts?.unread ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Marks the customer's notifications read: the ones named, or all without `ids`. An id that is not theirs answers
 * 404 like a missing one (ids are sequential and must not tell what exists), and nothing is marked.
 */
export async function markCustomerNotificationsRead(ctx: AppContext, customerId: number, ids?: number[]) {
  return ctx.db.transaction(async (tx) => {
    const mine = eq(n.customerId, customerId);
    if (ids) {
      const wanted = [...new Set(ids)];
      const [found] = await tx
        .select({ count: count() })
        .from(n)
        .where(and(mine, inArray(n.id, wanted)));
      if ((found?.count ?? 0) !== wanted.length) throw notFound(m.notFound);
    }
    await tx
      .update(n)
      .set({ readAt: ctx.now() })
      .where(and(mine, isNull(n.readAt), ids ? inArray(n.id, ids) : undefined));
    return { message: m.markedRead, unread: await unreadCount(tx, customerId) };
  });
}
