import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saleCode, saleInput } from '@pricehub/shared/schemas/sale';
import type { AppContext } from '../../context';
import { currentStoreId } from '../../http/access';
import { listActiveSales } from './pricing';
import * as salesService from './service';

const codeParams = z.object({ code: saleCode });

export const salesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/sales', { config: { access: 'public' }, schema: { tags: ['sales'] } }, async () => ({
    sales: await listActiveSales(ctx.db, ctx.now()),
  }));

  app.get(
    '/sales/:code',
    { config: { access: 'public' }, schema: { tags: ['sales'], params: codeParams } },
    async (request) => salesService.getPublicSale(ctx, request.params.code),
  );

  app.get('/seller/sales', { config: { access: 'seller' }, schema: { tags: ['sales'] } }, async (request) => ({
    sales: await salesService.listSellerSales(ctx, currentStoreId(request)),
  }));

  app.post(
    '/seller/sales',
    { config: { access: 'seller' }, schema: { tags: ['sales'], body: saleInput } },
    async (request, reply) => {
      const sale = await salesService.createSale(ctx, currentStoreId(request), request.body);
      return reply.status(201).send({ message: salesService.saleMessages.created, sale });
    },
  );

  app.get(
    '/seller/sales/:code',
    { config: { access: 'seller' }, schema: { tags: ['sales'], params: codeParams } },
    async (request) => ({ sale: await salesService.getSellerSale(ctx, currentStoreId(request), request.params.code) }),
  );

  app.put(
    '/seller/sales/:code',
    { config: { access: 'seller' }, schema: { tags: ['sales'], params: codeParams, body: saleInput } },
    async (request) => ({
      message: salesService.saleMessages.updated,
      sale: await salesService.updateSale(ctx, currentStoreId(request), request.params.code, request.body),
    }),
  );

  app.delete(
    '/seller/sales/:code',
    { config: { access: 'seller' }, schema: { tags: ['sales'], params: codeParams } },
    async (request) => {
      await salesService.deleteSale(ctx, currentStoreId(request), request.params.code);
      return { message: salesService.saleMessages.deleted };
    },
  );
};
