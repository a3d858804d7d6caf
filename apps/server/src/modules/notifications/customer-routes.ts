import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerNotificationPage,
  customerNotificationsQuery,
  markNotificationsReadInput,
  notificationsMarkedRead,
} from '@pricehub/shared/schemas/customer-notification';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { listCustomerNotifications, markCustomerNotificationsRead } from './customer-service';

/**
 * A customer's notifications about their orders. No live stream: the web asks again while the page is visible
 * (see the customer notifications page); order news for a shopper is not urgent to the second.
 */
export const customerNotificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Nothing here changes what shoppers read from the shared answers and pages (http/answer-cache.ts).
  const config = { access: 'customer', keepsCatalogue: true } as const;
  const tags = ['notifications'];

  app.get(
    '/notifications',
    { config, schema: { tags, querystring: customerNotificationsQuery, response: { 200: customerNotificationPage } } },
    async (request) => listCustomerNotifications(ctx, currentUser(request).id, request.query),
  );

  app.post(
    '/notifications/read',
    { config, schema: { tags, body: markNotificationsReadInput, response: { 200: notificationsMarkedRead } } },
    async (request) => markCustomerNotificationsRead(ctx, currentUser(request).id, request.body.ids),
  );
};
