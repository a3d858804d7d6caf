import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { promoCreated, promoInput, promoMessages, sellerPromos } from '@pricehub/shared/schemas/promo';
import { messageAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { currentStoreId, currentUser } from '../../http/access';
import { enforceLimit, type RateLimit } from '../../http/rate-limit';
import * as promosService from './service';

export const CHOSEN_CODE_LIMIT: RateLimit = {
  name: 'promo-create',
  windowSeconds: 3600,
  perAccount: 20,
  perAddress: 60,
};

const codeParams = z.object({ code: z.string().trim().min(1).max(16) });

export const promosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/seller/promos',
    { config: { access: 'seller' }, schema: { tags: ['promos'], response: { 200: sellerPromos } } },
    async (request) => ({ promos: await promosService.listSellerPromos(ctx, currentStoreId(request)) }),
  );

  app.post(
    '/seller/promos',
    {
      config: { access: 'seller' },
      schema: { tags: ['promos'], body: promoInput, response: { 201: promoCreated } },
    },
    async (request, reply) => {
      // Codes are unique across stores, so a chosen code that is taken answers 409: limit how often one can ask.
      if (request.body.code) {
        await enforceLimit(ctx.db, CHOSEN_CODE_LIMIT, {
          account: String(currentUser(request).id),
          address: request.ip,
        });
      }
      const promo = await promosService.createPromo(ctx, currentStoreId(request), request.body);
      return reply.status(201).send({ message: promoMessages.created, promo });
    },
  );

  app.delete(
    '/seller/promos/:code',
    {
      config: { access: 'seller' },
      schema: { tags: ['promos'], params: codeParams, response: { 200: messageAnswer } },
    },
    async (request) => {
      await promosService.deletePromo(ctx, currentStoreId(request), request.params.code);
      return { message: promoMessages.deleted };
    },
  );
};
