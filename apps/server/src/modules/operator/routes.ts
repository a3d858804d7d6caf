import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditPage,
  auditQuery,
  operatorMessages,
  operatorStoresPage,
  operatorStoresQuery,
  reopenStoreInput,
  sellerSuspension as suspensionAnswer,
  storeActionResult,
  storeSlugParams,
  suspendStoreInput,
  type StoreActionResult,
} from '@pricehub/shared/schemas/operator';
import type { AppContext } from '../../context';
import { currentStoreId, currentUser } from '../../http/access';
import { listAudit } from './audit';
import { externalStoresRoutes } from './external-stores-routes';
import { internalOperatorRoutes } from './internal-routes';
import { operatorMatchingRoutes } from './matching-routes';
import { moderationRoutes } from './moderation-routes';
import { listOperatorStores } from './stores';
import { reopenStore, sellerSuspension, suspendStore } from './suspension';

/** The operator console's API (every route for operators only), and the one seller route about suspension. */
export const operatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(internalOperatorRoutes, { ctx });
  await app.register(operatorMatchingRoutes, { ctx });
  await app.register(moderationRoutes, { ctx });
  await app.register(externalStoresRoutes, { ctx });
  const tags = ['operator'];

  app.get(
    '/operator/stores',
    {
      config: { access: 'operator' },
      schema: { tags, querystring: operatorStoresQuery, response: { 200: operatorStoresPage } },
    },
    async (request) => listOperatorStores(ctx.db, request.query, ctx.now()),
  );

  app.post(
    '/operator/stores/:slug/suspend',
    {
      config: { access: 'operator' },
      schema: { tags, params: storeSlugParams, body: suspendStoreInput, response: { 200: storeActionResult } },
    },
    async (request): Promise<StoreActionResult> => {
      const store = await suspendStore(ctx, currentUser(request), request.params.slug, request.body.reason);
      return { message: operatorMessages.suspended(store.name), store };
    },
  );

  app.post(
    '/operator/stores/:slug/reopen',
    // The reason is optional, so the body may be left out altogether.
    {
      config: { access: 'operator' },
      schema: {
        tags,
        params: storeSlugParams,
        body: reopenStoreInput.nullish(),
        response: { 200: storeActionResult },
      },
    },
    async (request): Promise<StoreActionResult> => {
      const store = await reopenStore(ctx, currentUser(request), request.params.slug, request.body?.reason);
      return { message: operatorMessages.reopened(store.name), store };
    },
  );

  app.get(
    '/operator/audit',
    { config: { access: 'operator' }, schema: { tags, querystring: auditQuery, response: { 200: auditPage } } },
    async (request) => listAudit(ctx.db, request.query),
  );

  app.get(
    '/seller/suspension',
    { config: { access: 'seller' }, schema: { tags: ['seller'], response: { 200: suspensionAnswer } } },
    async (request) => sellerSuspension(ctx.db, currentStoreId(request)),
  );
};
