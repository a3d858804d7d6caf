import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@pricehub/shared/messages';
import {
  catalogueMatchQuery,
  listingCandidates as candidatesAnswer,
  listingSaved,
  productIdParams,
  productBody,
  productUpdateBody,
  sellerListings,
} from '@pricehub/shared/schemas/product';
import { messageAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { currentStoreId } from '../../http/access';
import { createListing, deleteListing, listingCandidates, listSellerListings, updateListing } from './seller-products';

/** The seller's workspace: their listings (`:id` is a listing id) and "Is it one of these?" while adding one. */
export const sellerProductRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['seller'];
  const config = { access: 'seller' as const };

  app.get('/seller/products', { config, schema: { tags, response: { 200: sellerListings } } }, async (request) => ({
    items: await listSellerListings(ctx, currentStoreId(request)),
  }));

  app.get(
    '/seller/products/matches',
    { config, schema: { tags, querystring: catalogueMatchQuery, response: { 200: candidatesAnswer } } },
    async (request) => {
      currentStoreId(request);
      return { candidates: await listingCandidates(ctx, request.query) };
    },
  );

  app.post(
    '/seller/products',
    { config, schema: { tags, body: productBody, response: { 201: listingSaved } } },
    async (request, reply) => {
      const created = await createListing(ctx, currentStoreId(request), request.body);
      return reply.status(201).send({ ...created, message: messages.product.added });
    },
  );

  app.put(
    '/seller/products/:id',
    { config, schema: { tags, params: productIdParams, body: productUpdateBody, response: { 200: listingSaved } } },
    async (request) => ({
      ...(await updateListing(ctx, currentStoreId(request), request.params.id, request.body)),
      message: messages.product.updated,
    }),
  );

  app.delete(
    '/seller/products/:id',
    { config, schema: { tags, params: productIdParams, response: { 200: messageAnswer } } },
    async (request) => {
      await deleteListing(ctx, currentStoreId(request), request.params.id);
      return { message: messages.product.deleted };
    },
  );
};
