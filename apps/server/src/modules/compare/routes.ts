import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compareList, savedItemInput, savedItemParams, savedMessages } from '@pricehub/shared/schemas/saved';
import { messageAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { loginFirst } from '../wishlist/customer-guard';
import * as compare from './service';

export const compareRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', loginFirst);
  // Nothing here changes what shoppers read from the shared answers and pages (http/answer-cache.ts).
  const options = { access: 'customer', keepsCatalogue: true } as const;

  app.get(
    '/compare',
    { config: options, schema: { tags: ['compare'], response: { 200: compareList } } },
    async (request) => ({ items: await compare.listCompare(ctx, currentUser(request).id) }),
  );

  app.post(
    '/compare',
    // 201 when the item is new to the list, 200 when it was there already.
    {
      config: options,
      schema: { tags: ['compare'], body: savedItemInput, response: { 200: messageAnswer, 201: messageAnswer } },
    },
    async (request, reply) => {
      const created = await compare.addToCompare(ctx, currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send({ message: savedMessages.compareAdded });
    },
  );

  app.delete(
    '/compare/:id',
    { config: options, schema: { tags: ['compare'], params: savedItemParams, response: { 200: messageAnswer } } },
    async (request) => {
      await compare.removeFromCompare(ctx, currentUser(request).id, request.params.id);
      return { message: savedMessages.compareRemoved };
    },
  );
};
