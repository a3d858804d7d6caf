import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@pricehub/shared/messages';
import { catalogueMatchQuery, productIdParams, productInput, productUpdate } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { currentStoreId } from '../../http/access';
import { createListing, deleteListing, listingCandidates, listSellerListings, updateListing } from './seller-products';

/** The seller's workspace: their listings (`:id` is a listing id) and "Is it one of these?" while adding one. */
export const sellerProductRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['seller'];
  const config = { access: 'seller' as const };

  app.get('/seller/products', { config, schema: { tags } }, async (request) => ({
    items: await listSellerListings(ctx, currentStoreId(request)),
  }));

  app.get(
    '/seller/products/matches',
    { config, schema: { tags, querystring: catalogueMatchQuery } },
    async (request) => {
      currentStoreId(request);
      return { candidates: await listingCandidates(ctx, request.query) };
    },
  );

  app.post('/seller/products', { config, schema: { tags, body: productInput } }, async (request, reply) => {
    const created = await createListing(ctx, currentStoreId(request), request.body);
    return reply.status(201).send({ ...created, message: messages.product.added });
  });

  app.put(
    '/seller/products/:id',
    { config, schema: { tags, params: productIdParams, body: productUpdate } },
    async (request) => ({
      ...(await updateListing(ctx, currentStoreId(request), request.params.id, request.body)),
      message: messages.product.updated,
    }),
  );

  app.delete('/seller/products/:id', { config, schema: { tags, params: productIdParams } }, async (request) => {
    await deleteListing(ctx, currentStoreId(request), request.params.id);
    return { message: messages.product.deleted };
  });
};
