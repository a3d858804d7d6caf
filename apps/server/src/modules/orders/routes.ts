import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderChanged,
  orderIdParams,
  orderList,
  orderView,
  rejectOrderInput,
  statusUpdateInput,
} from '@pricehub/shared/schemas/order';
import type { AppContext } from '../../context';
import { currentStoreId, currentUser } from '../../http/access';
import * as orders from './service';

/** A customer's own orders, and a seller's orders of their store. */
export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const customer = { access: 'customer' } as const;
  const seller = { access: 'seller' } as const;
  const tags = ['orders'];

  app.get('/orders', { config: customer, schema: { tags, response: { 200: orderList } } }, async (request) => ({
    orders: await orders.customerOrders(ctx, currentUser(request).id),
  }));

  app.get(
    '/orders/:orderId',
    { config: customer, schema: { tags, params: orderIdParams, response: { 200: orderView } } },
    async (request) => orders.customerOrder(ctx, currentUser(request).id, request.params.orderId),
  );

  app.post(
    '/orders/:orderId/cancel',
    { config: customer, schema: { tags, params: orderIdParams, response: { 200: orderChanged } } },
    async (request) => orders.cancelOrder(ctx, currentUser(request).id, request.params.orderId, request.log),
  );

  app.get('/seller/orders', { config: seller, schema: { tags, response: { 200: orderList } } }, async (request) => ({
    orders: await orders.storeOrders(ctx, currentStoreId(request)),
  }));

  app.get(
    '/seller/orders/:orderId',
    { config: seller, schema: { tags, params: orderIdParams, response: { 200: orderView } } },
    async (request) => orders.storeOrder(ctx, currentStoreId(request), request.params.orderId),
  );

  app.put(
    '/seller/orders/:orderId/status',
    {
      config: seller,
      schema: { tags, params: orderIdParams, body: statusUpdateInput, response: { 200: orderChanged } },
    },
    async (request) => orders.updateStatus(ctx, currentStoreId(request), request.params.orderId, request.body.status),
  );

  // The seller cannot fill a Booked order: it is cancelled with their reason, restocked, and refunded if paid.
  app.post(
    '/seller/orders/:orderId/reject',
    {
      config: seller,
      schema: { tags, params: orderIdParams, body: rejectOrderInput, response: { 200: orderChanged } },
    },
    async (request) =>
      orders.rejectOrder(ctx, currentStoreId(request), request.params.orderId, request.body.reason, request.log),
  );
};
