import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParams } from '@pricehub/shared/schemas/order';
import { reviewAdded, reviewInput } from '@pricehub/shared/schemas/review';
import type { AppContext } from '../../../context';
import { currentUser } from '../../../http/access';
import { addReview } from './service';

/** Reviews of bought products, written from the customer's order history. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/orders/:orderId/reviews',
    {
      config: { access: 'customer' },
      schema: { tags: ['reviews'], params: orderIdParams, body: reviewInput, response: { 201: reviewAdded } },
    },
    async (request, reply) =>
      reply.status(201).send(await addReview(ctx, currentUser(request).id, request.params.orderId, request.body)),
  );
};
