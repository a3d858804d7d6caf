import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  homePayload as homeAnswer,
  productDetail as productDetailAnswer,
  productIdParams,
  productMoved,
  productQuery,
  searchResult,
  sitemapEntries as sitemapAnswer,
  storePage as storeAnswer,
  storePageQuery,
  storeSlugParams,
  suggestionQuery,
  suggestions,
  viewCounted,
} from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { takeHit, type RateLimit } from '../../http/rate-limit';
import { searchProductsJson } from './search';
import { recordSearchMiss } from './search-misses';
import { homePayload, locateProduct, productDetail, recordView, sitemapEntries, storePage } from './service';
import { suggestJson } from './suggestions';

const VIEWER_COOKIE = 'ph_viewer';
export const VIEW_LIMIT: RateLimit = { name: 'views', windowSeconds: 600, perAccount: 30, perAddress: 60 };
/** Search and suggestions answer with JSON text kept by their cache (cache.ts): sent as is, it matches the schema. */
const sendJsonText = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

export const catalogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['catalog'];
  const secure = ctx.config.publicUrl.startsWith('https://');

  app.get(
    '/products',
    { config: { access: 'public' }, schema: { tags, querystring: productQuery, response: { 200: searchResult } } },
    async (request, reply) => {
      const json = await searchProductsJson(ctx.db, request.query, ctx.now);
      // Counting a miss must never cost the shopper their results.
      await recordSearchMiss(ctx.db, request.query, json, ctx.now()).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not count a search without results'),
      );
      return sendJsonText(reply, json);
    },
  );

  app.get(
    '/products/suggestions',
    { config: { access: 'public' }, schema: { tags, querystring: suggestionQuery, response: { 200: suggestions } } },
    async (request, reply) => sendJsonText(reply, await suggestJson(ctx.db, request.query.q)),
  );

  // A former listing id or a merged product's id answers 301 to its catalogue product (the body names it too, for
  // the server-rendered page, which reads the API without headers).
  app.get(
    '/products/:id',
    {
      config: { access: 'public', sharedAnswer: true },
      schema: { tags, params: productIdParams, response: { 200: productDetailAnswer, 301: productMoved } },
    },
    async (request, reply) => {
      const location = await locateProduct(ctx.db, request.params.id);
      if (location.kind === 'moved') {
        const url = `/api/products/${location.to}`;
        return reply.status(301).header('location', url).send({ id: location.to, location: url });
      }
      return productDetail(ctx, location);
    },
  );

  app.post(
    '/products/:id/views',
    {
      config: { access: 'public', keepsCatalogue: true },
      schema: { tags, params: productIdParams, response: { 200: viewCounted } },
    },
    async (request, reply) => {
      let viewer = request.user ? `account:${request.user.id}` : request.cookies[VIEWER_COOKIE];
      if (!viewer || !/^(account:\d+|[a-f0-9]{32})$/.test(viewer)) {
        // Visitors get an anonymous id so that reloading the page does not count again.
        viewer = randomBytes(16).toString('hex');
        reply.setCookie(VIEWER_COOKIE, viewer, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: 365 * 24 * 3600,
        });
      }
      // Past the limit, this address's openings count as one viewer: a script that rotates cookies adds at most one
      // view per product per window, and the beacon still gets its usual answer (no errors in shoppers' consoles).
      const within = await takeHit(ctx.db, VIEW_LIMIT, { account: viewer, address: request.ip });
      return recordView(ctx, request.params.id, within ? viewer : `address:${request.ip}`);
    },
  );

  app.get(
    '/home',
    { config: { access: 'public', sharedAnswer: true }, schema: { tags, response: { 200: homeAnswer } } },
    () => homePayload(ctx),
  );

  app.get(
    '/stores/:slug',
    {
      config: { access: 'public', sharedAnswer: true },
      schema: { tags, params: storeSlugParams, querystring: storePageQuery, response: { 200: storeAnswer } },
    },
    (request) => storePage(ctx, request.params.slug, request.query),
  );

  app.get(
    '/sitemap',
    { config: { access: 'public' }, schema: { tags, hide: true, response: { 200: sitemapAnswer } } },
    () => sitemapEntries(ctx.db),
  );
};
