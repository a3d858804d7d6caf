import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@pricehub/shared/messages';
import {
  cartAddInput,
  cartChange,
  cartCount,
  cartQuantityInput,
  cartView,
  productIdParams,
} from '@pricehub/shared/schemas/cart';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import * as cart from './service';

/** The signed-in customer's server-side cart. */
export const cartRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Nothing here changes what shoppers read from the shared answers and pages (http/answer-cache.ts).
  const config = { access: 'customer', keepsCatalogue: true } as const;
  const tags = ['cart'];

  app.get('/cart', { config, schema: { tags, response: { 200: cartView } } }, async (request) =>
    cart.getCart(ctx, currentUser(request).id),
  );

  // The header's counter on every page a customer opens: one read, no lines.
  app.get('/cart/count', { config, schema: { tags, response: { 200: cartCount } } }, async (request) => ({
    count: await cart.countCart(ctx.db, currentUser(request).id),
  }));

  // 201 when the line is new, 200 when an existing line's quantity grew.
  app.post(
    '/cart/items',
    { config, schema: { tags, body: cartAddInput, response: { 200: cartChange, 201: cartChange } } },
    async (request, reply) => {
      const result = await cart.addItem(ctx, currentUser(request).id, request.body);
      return reply.status(result.message === messages.cart.added ? 201 : 200).send(result);
    },
  );

  // The path's id is the line's LISTING id (cart lines hold listings; `productId` is the path's old name).
  app.patch(
    '/cart/items/:productId',
    { config, schema: { tags, params: productIdParams, body: cartQuantityInput, response: { 200: cartChange } } },
    async (request) => cart.setQuantity(ctx, currentUser(request).id, request.params.productId, request.body.quantity),
  );

  app.delete(
    '/cart/items/:productId',
    { config, schema: { tags, params: productIdParams, response: { 200: cartChange } } },
    async (request) => cart.removeItem(ctx, currentUser(request).id, request.params.productId),
  );
};
