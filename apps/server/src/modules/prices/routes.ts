import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  externalProductDetail as externalProductAnswer,
  externalProductPage,
  externalProductQuery,
  offerMessages,
  priceAlertInput,
  priceAlertList,
  priceAlertSet,
  priceHistory as priceHistoryAnswer,
  productOffers as offersAnswer,
} from '@pricehub/shared/schemas/offer';
import { messageAnswer, movedAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { listPriceAlerts, removePriceAlert, setPriceAlert } from './alerts';
import { priceHistory, productOffers, resolveCatalogueProduct } from './comparison';
import { externalProductDetail, listExternalProducts } from '../offers/external-products';

const idParam = (message: string) =>
  z.object({ id: z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message) });
const productParam = z.object({
  productId: z.coerce
    .number({ error: offerMessages.productNotFound })
    .int(offerMessages.productNotFound)
    .positive(offerMessages.productNotFound)
    .max(2_147_483_647, offerMessages.productNotFound),
});

/** 301 with the new path in the body too, as GET /api/products/:id answers (the server-side renderer reads it). */
const movedTo = (reply: FastifyReply, location: string) =>
  reply.status(301).header('location', location).send({ location });

export const pricesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // An old listing id or a merged product's id answers 301 to the catalogue product's own path.
  app.get(
    '/products/:id/offers',
    {
      config: { access: 'public', sharedAnswer: true },
      schema: {
        tags: ['offers'],
        params: idParam(offerMessages.productNotFound),
        response: { 200: offersAnswer, 301: movedAnswer },
      },
    },
    async (request, reply) => {
      const { productId, moved } = await resolveCatalogueProduct(ctx.db, request.params.id);
      if (moved) return movedTo(reply, `/api/products/${productId}/offers`);
      return { offers: await productOffers(ctx, productId) };
    },
  );

  app.get(
    '/products/:id/price-history',
    {
      config: { access: 'public', sharedAnswer: true },
      schema: {
        tags: ['offers'],
        params: idParam(offerMessages.productNotFound),
        response: { 200: priceHistoryAnswer, 301: movedAnswer },
      },
    },
    async (request, reply) => {
      const { productId, moved } = await resolveCatalogueProduct(ctx.db, request.params.id);
      if (moved) return movedTo(reply, `/api/products/${productId}/price-history`);
      return priceHistory(ctx, productId);
    },
  );

  app.get(
    '/external-products',
    {
      config: { access: 'public' },
      schema: { tags: ['offers'], querystring: externalProductQuery, response: { 200: externalProductPage } },
    },
    async (request) => listExternalProducts(ctx, request.query),
  );

  app.get(
    '/external-products/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['offers'],
        params: idParam(offerMessages.offerNotFound),
        response: { 200: externalProductAnswer },
      },
    },
    async (request) => externalProductDetail(ctx, request.params.id),
  );

  app.get(
    '/price-alerts',
    { config: { access: 'customer' }, schema: { tags: ['offers'], response: { 200: priceAlertList } } },
    async (request) => ({ alerts: await listPriceAlerts(ctx, currentUser(request).id) }),
  );

  app.post(
    '/price-alerts',
    {
      config: { access: 'customer' },
      schema: { tags: ['offers'], body: priceAlertInput, response: { 201: priceAlertSet } },
    },
    async (request, reply) => {
      const alert = await setPriceAlert(ctx, currentUser(request).id, request.body);
      return reply.status(201).send({ alert, message: offerMessages.alertSet });
    },
  );

  app.delete(
    '/price-alerts/:productId',
    {
      config: { access: 'customer' },
      schema: { tags: ['offers'], params: productParam, response: { 200: messageAnswer } },
    },
    async (request) => {
      await removePriceAlert(ctx, currentUser(request).id, request.params.productId);
      return { message: offerMessages.alertRemoved };
    },
  );
};
