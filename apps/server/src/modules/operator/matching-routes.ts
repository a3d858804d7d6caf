import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogueEditInput,
  catalogueProductParams,
  catalogueQuery,
  matchingItemParams,
  matchingQuery,
  mergeInput,
  moveInput,
} from '@pricehub/shared/schemas/operator-matching';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { catalogueDetail, editCatalogueProduct, listCatalogue } from './catalogue-edit';
import { confirmMatch, mergeProducts, moveItem, splitItem } from './matching-actions';
import { listMatchingQueue } from './matching-queue';

/**
 * The matching queue (offers matched by name and near misses) with its actions, and the catalogue editor. Every action
 * writes its audit row in its own transaction; confirm, split and move are kept as decisions the matcher honours.
 */
export const operatorMatchingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['operator'];
  const access = { access: 'operator' as const };

  app.get('/operator/matching', { config: access, schema: { tags, querystring: matchingQuery } }, async (request) =>
    listMatchingQueue(ctx.db, request.query),
  );

  app.post(
    '/operator/matching/:kind/:id/confirm',
    { config: access, schema: { tags, params: matchingItemParams } },
    async (request) => confirmMatch(ctx, currentUser(request), request.params.kind, request.params.id),
  );

  app.post(
    '/operator/matching/:kind/:id/split',
    { config: access, schema: { tags, params: matchingItemParams } },
    async (request) => splitItem(ctx, currentUser(request), request.params.kind, request.params.id),
  );

  app.post(
    '/operator/matching/:kind/:id/move',
    { config: access, schema: { tags, params: matchingItemParams, body: moveInput } },
    async (request) =>
      moveItem(ctx, currentUser(request), request.params.kind, request.params.id, request.body.productId),
  );

  app.post('/operator/matching/merge', { config: access, schema: { tags, body: mergeInput } }, async (request) =>
    mergeProducts(ctx, currentUser(request), request.body.keepId, request.body.goneId),
  );

  app.get('/operator/catalogue', { config: access, schema: { tags, querystring: catalogueQuery } }, async (request) =>
    listCatalogue(ctx.db, request.query),
  );

  app.get(
    '/operator/catalogue/:id',
    { config: access, schema: { tags, params: catalogueProductParams } },
    async (request) => catalogueDetail(ctx.db, request.params.id),
  );

  app.put(
    '/operator/catalogue/:id',
    { config: access, schema: { tags, params: catalogueProductParams, body: catalogueEditInput } },
    async (request) => editCatalogueProduct(ctx, currentUser(request), request.params.id, request.body),
  );
};
