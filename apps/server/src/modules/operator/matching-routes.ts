import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogueEditInput,
  cataloguePage,
  catalogueProductDetail,
  catalogueProductParams,
  catalogueQuery,
  matchingActionResult,
  matchingItemParams,
  matchingPage,
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

  const acted = { 200: matchingActionResult };

  app.get(
    '/operator/matching',
    { config: access, schema: { tags, querystring: matchingQuery, response: { 200: matchingPage } } },
    async (request) => listMatchingQueue(ctx.db, request.query),
  );

  // Confirming a match and splitting an item off its product take nothing but the item.
  for (const [action, act] of Object.entries({ confirm: confirmMatch, split: splitItem })) {
    app.post(
      `/operator/matching/:kind/:id/${action}`,
      { config: access, schema: { tags, params: matchingItemParams, response: acted } },
      async (request) => act(ctx, currentUser(request), request.params.kind, request.params.id),
    );
  }

  app.post(
    '/operator/matching/:kind/:id/move',
    { config: access, schema: { tags, params: matchingItemParams, body: moveInput, response: acted } },
    async (request) =>
      moveItem(ctx, currentUser(request), request.params.kind, request.params.id, request.body.productId),
  );

  app.post(
    '/operator/matching/merge',
    { config: access, schema: { tags, body: mergeInput, response: acted } },
    async (request) => mergeProducts(ctx, currentUser(request), request.body.keepId, request.body.goneId),
  );

  app.get(
    '/operator/catalogue',
    { config: access, schema: { tags, querystring: catalogueQuery, response: { 200: cataloguePage } } },
    async (request) => listCatalogue(ctx.db, request.query),
  );

  app.get(
    '/operator/catalogue/:id',
    { config: access, schema: { tags, params: catalogueProductParams, response: { 200: catalogueProductDetail } } },
    async (request) => catalogueDetail(ctx.db, request.params.id),
  );

  app.put(
    '/operator/catalogue/:id',
    {
      config: access,
      schema: {
        tags,
        params: catalogueProductParams,
        body: catalogueEditInput,
        response: { 200: catalogueProductDetail },
      },
    },
    async (request) => editCatalogueProduct(ctx, currentUser(request), request.params.id, request.body),
  );
};
