import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@pricehub/shared/messages';
import { messageAnswer } from '@pricehub/shared/schemas/response';
import { savedItemInput, savedItemParams, savedMessages, wishlistList } from '@pricehub/shared/schemas/saved';
import {
  wishlistAlertMessages,
  wishlistAlertsChanged,
  wishlistAlertSettings,
} from '@pricehub/shared/schemas/wishlist-alerts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { getAlertSettings, setAlertSettings } from './alert-settings';
import { loginFirst } from './customer-guard';
import * as wishlist from './service';

export const wishlistRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', loginFirst);
  // Nothing here changes what shoppers read from the shared answers and pages (http/answer-cache.ts).
  const options = { access: 'customer', keepsCatalogue: true } as const;

  app.get(
    '/wishlist',
    { config: options, schema: { tags: ['wishlist'], response: { 200: wishlistList } } },
    async (request) => ({ items: await wishlist.listWishlist(ctx, currentUser(request).id) }),
  );

  app.post(
    '/wishlist',
    // 201 when the item is new to the list, 200 when it was there already.
    {
      config: options,
      schema: { tags: ['wishlist'], body: savedItemInput, response: { 200: messageAnswer, 201: messageAnswer } },
    },
    async (request, reply) => {
      const created = await wishlist.addToWishlist(ctx, currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send({ message: messages.wishlist.added });
    },
  );

  app.get(
    '/wishlist/alerts',
    { config: options, schema: { tags: ['wishlist'], response: { 200: wishlistAlertSettings } } },
    async (request) => getAlertSettings(ctx, currentUser(request).id),
  );

  app.put(
    '/wishlist/alerts',
    {
      config: options,
      schema: { tags: ['wishlist'], body: wishlistAlertSettings, response: { 200: wishlistAlertsChanged } },
    },
    async (request) => {
      const settings = await setAlertSettings(ctx, currentUser(request).id, request.body);
      return { ...settings, message: settings.enabled ? wishlistAlertMessages.on : wishlistAlertMessages.off };
    },
  );

  app.delete(
    '/wishlist/:id',
    { config: options, schema: { tags: ['wishlist'], params: savedItemParams, response: { 200: messageAnswer } } },
    async (request) => {
      await wishlist.removeFromWishlist(ctx, currentUser(request).id, request.params.id);
      return { message: savedMessages.wishlistRemoved };
    },
  );
};
