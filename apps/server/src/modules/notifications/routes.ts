import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationIdParams, notificationList } from '@pricehub/shared/schemas/notification';
import { messageAnswer, rawAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { currentStoreId } from '../../http/access';
import { customerNotificationsRoutes } from './customer-routes';
import { deleteNotification, listNotifications } from './service';
import { listeners, StoreListener } from './listener';
import { openNotificationStream } from './stream';

/**
 * A seller's notifications of new orders: the list, deletion, and a live server-sent events stream; and the
 * customers' notifications about their orders (customer-routes.ts).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(customerNotificationsRoutes, { ctx });
  const config = { access: 'seller' } as const;
  const tags = ['notifications'];
  // Streams wait on the process's one LISTEN; this slow re-check only covers a lost NOTIFY (tests set it).
  const recheckMs = Number(process.env.NOTIFICATIONS_RECHECK_MS) || 60_000;
  const listener = new StoreListener(ctx.database, { recheckMs, log: app.log });
  const open = new Set<() => void>();
  // Open streams would keep the server from closing: end them first, then the LISTEN (before the database closes).
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });
  app.addHook('onClose', async () => listener.close());
  listeners.set(ctx.database, listener);

  app.get(
    '/seller/notifications',
    { config, schema: { tags, response: { 200: notificationList } } },
    async (request) => ({
      notifications: await listNotifications(ctx, currentStoreId(request)),
    }),
  );

  app.delete(
    '/seller/notifications/:id',
    { config, schema: { tags, params: notificationIdParams, response: { 200: messageAnswer } } },
    async (request) => deleteNotification(ctx, currentStoreId(request), request.params.id),
  );

  const stream = rawAnswer(
    'text/event-stream',
    'Server-sent events: `ready` {lastId}, then a `notification` for each new one',
  );
  app.get(
    '/seller/notifications/stream',
    { config, schema: { tags, response: { 200: stream } } },
    async (request, reply) => {
      const close = await openNotificationStream(ctx, listener, request, reply, currentStoreId(request), {
        heartbeatMs: 25_000,
      });
      open.add(close);
      reply.raw.on('close', () => open.delete(close));
    },
  );
};
