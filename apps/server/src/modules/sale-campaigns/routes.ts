import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@pricehub/shared/schemas/response';
import {
  activeSales,
  publicSaleDetail,
  saleCode,
  saleInput,
  sellerSaleAnswer,
  sellerSales,
  sellerSaleSaved,
} from '@pricehub/shared/schemas/sale';
import type { AppContext } from '../../context';
import { currentStoreId } from '../../http/access';
import { asSent } from '../../http/response-schemas';
import { listActiveSales } from '../sales/pricing';
import * as salesService from './service';

const codeParams = z.object({ code: saleCode });

export const salesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/sales',
    { config: { access: 'public' }, schema: { tags: ['sales'], response: { 200: activeSales } } },
    async () => ({ sales: asSent(await listActiveSales(ctx.db, ctx.now())) }),
  );

  app.get(
    '/sales/:code',
    {
      config: { access: 'public' },
      schema: { tags: ['sales'], params: codeParams, response: { 200: publicSaleDetail } },
    },
    async (request) => salesService.getPublicSale(ctx, request.params.code),
  );

  app.get(
    '/seller/sales',
    { config: { access: 'seller' }, schema: { tags: ['sales'], response: { 200: sellerSales } } },
    async (request) => ({ sales: await salesService.listSellerSales(ctx, currentStoreId(request)) }),
  );

  app.post(
    '/seller/sales',
    {
      config: { access: 'seller' },
      schema: { tags: ['sales'], body: saleInput, response: { 201: sellerSaleSaved } },
    },
    async (request, reply) => {
      const sale = await salesService.createSale(ctx, currentStoreId(request), request.body);
      return reply.status(201).send({ message: salesService.saleMessages.created, sale });
    },
  );

  app.get(
    '/seller/sales/:code',
    {
      config: { access: 'seller' },
      schema: { tags: ['sales'], params: codeParams, response: { 200: sellerSaleAnswer } },
    },
    async (request) => ({ sale: await salesService.getSellerSale(ctx, currentStoreId(request), request.params.code) }),
  );

  app.put(
    '/seller/sales/:code',
    {
      config: { access: 'seller' },
      schema: { tags: ['sales'], params: codeParams, body: saleInput, response: { 200: sellerSaleSaved } },
    },
    async (request) => ({
      message: salesService.saleMessages.updated,
      sale: await salesService.updateSale(ctx, currentStoreId(request), request.params.code, request.body),
    }),
  );

  app.delete(
    '/seller/sales/:code',
    {
      config: { access: 'seller' },
      schema: { tags: ['sales'], params: codeParams, response: { 200: messageAnswer } },
    },
    async (request) => {
      await salesService.deleteSale(ctx, currentStoreId(request), request.params.code);
      return { message: salesService.saleMessages.deleted };
    },
  );
};
