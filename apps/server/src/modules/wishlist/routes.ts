import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@pricehub/shared/messages';
import { savedItemInput, savedItemParams, savedMessages } from '@pricehub/shared/schemas/saved';
import { wishlistAlertMessages, wishlistAlertSettings } from '@pricehub/shared/schemas/wishlist-alerts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { getAlertSettings, setAlertSettings } from './alert-settings';
import { loginFirst } from './customer-guard';
import * as wishlist from './service';

export const wishlistRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', loginFirst);
  // Nothing here changes what shoppers read from the shared answers and pages (http/answer-cache.ts).
  const options = { access: 'customer', keepsCatalogue: true } as const;

  app.get('/wishlist', { config: options, schema: { tags: ['wishlist'] } }, async (request) => ({
    items: await wishlist.listWishlist(ctx, currentUser(request).id),
  }));

  app.post(
    '/wishlist',
    { config: options, schema: { tags: ['wishlist'], body: savedItemInput } },
    async (request, reply) => {
      const created = await wishlist.addToWishlist(ctx, currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send({ message: messages.wishlist.added });
    },
  );

  app.get('/wishlist/alerts', { config: options, schema: { tags: ['wishlist'] } }, async (request) =>
    getAlertSettings(ctx, currentUser(request).id),
  );

  app.put(
    '/wishlist/alerts',
    { config: options, schema: { tags: ['wishlist'], body: wishlistAlertSettings } },
    async (request) => {
      const settings = await setAlertSettings(ctx, currentUser(request).id, request.body);
      return { ...settings, message: settings.enabled ? wishlistAlertMessages.on : wishlistAlertMessages.off };
    },
  );

  app.delete(
    '/wishlist/:id',
    { config: options, schema: { tags: ['wishlist'], params: savedItemParams } },
    async (request) => {
      await wishlist.removeFromWishlist(ctx, currentUser(request).id, request.params.id);
      return { message: savedMessages.wishlistRemoved };
    },
  );
};
