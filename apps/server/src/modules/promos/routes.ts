import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { promoInput, promoMessages } from '@pricehub/shared/schemas/promo';
import type { AppContext } from '../../context';
import { currentStoreId } from '../../http/access';
import * as promosService from './service';

const codeParams = z.object({ code: z.string().trim().min(1).max(16) });

export const promosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/seller/promos', { config: { access: 'seller' }, schema: { tags: ['promos'] } }, async (request) => ({
    promos: await promosService.listSellerPromos(ctx, currentStoreId(request)),
  }));

  app.post(
    '/seller/promos',
    { config: { access: 'seller' }, schema: { tags: ['promos'], body: promoInput } },
    async (request, reply) => {
      const promo = await promosService.createPromo(ctx, currentStoreId(request), request.body);
      return reply.status(201).send({ message: promoMessages.created, promo });
    },
  );

  app.delete(
    '/seller/promos/:code',
    { config: { access: 'seller' }, schema: { tags: ['promos'], params: codeParams } },
    async (request) => {
      await promosService.deletePromo(ctx, currentStoreId(request), request.params.code);
      return { message: promoMessages.deleted };
    },
  );
};
