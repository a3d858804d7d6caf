import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParams } from '@pricehub/shared/schemas/order';
import {
  orderReturns,
  returnDecided,
  returnDecisionInput,
  returnIdParams,
  returnRequested,
  returnRequestInput,
  storeReturnList,
} from '@pricehub/shared/schemas/return';
import type { AppContext } from '../../../context';
import { currentStoreId, currentUser } from '../../../http/access';
import * as returns from './service';

/** Returns of Completed orders: the customer asks, the order's seller accepts (restock and refund) or refuses. */
export const returnsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const customer = { access: 'customer' } as const;
  const seller = { access: 'seller' } as const;
  const tags = ['returns'];

  app.post(
    '/orders/:orderId/returns',
    {
      config: customer,
      schema: { tags, params: orderIdParams, body: returnRequestInput, response: { 201: returnRequested } },
    },
    async (request, reply) => {
      const result = await returns.requestReturn(
        ctx,
        currentUser(request).id,
        request.params.orderId,
        request.body.reason,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/orders/:orderId/returns',
    { config: customer, schema: { tags, params: orderIdParams, response: { 200: orderReturns } } },
    async (request) => returns.orderReturns(ctx, currentUser(request).id, request.params.orderId),
  );

  app.get(
    '/seller/returns',
    { config: seller, schema: { tags, response: { 200: storeReturnList } } },
    async (request) => ({
      returns: await returns.storeReturns(ctx, currentStoreId(request)),
    }),
  );

  app.put(
    '/seller/returns/:id',
    {
      config: seller,
      schema: { tags, params: returnIdParams, body: returnDecisionInput, response: { 200: returnDecided } },
    },
    async (request) => returns.decideReturn(ctx, currentStoreId(request), request.params.id, request.body),
  );
};
