import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productIdParams, productQuery, storeSlugParams, suggestionQuery } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { takeHit, type RateLimit } from '../../http/rate-limit';
import { searchProductsJson } from './search';
import { recordSearchMiss } from './search-misses';
import { homePayload, locateProduct, productDetail, recordView, sitemapEntries, storePage } from './service';
import { suggestJson } from './suggestions';

const VIEWER_COOKIE = 'ph_viewer';
export const VIEW_LIMIT: RateLimit = { name: 'views', windowSeconds: 600, perAccount: 30, perAddress: 60 };
const JSON_TYPE = 'application/json; charset=utf-8';

export const catalogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['catalog'];
  const secure = ctx.config.publicUrl.startsWith('https://');

  // Search and suggestions are cached as JSON text (see cache.ts) and sent as is.
  app.get(
    '/products',
    { config: { access: 'public' }, schema: { tags, querystring: productQuery } },
    async (request, reply) => {
      const json = await searchProductsJson(ctx.db, request.query, ctx.now);
      // Counting a miss must never cost the shopper their results.
      await recordSearchMiss(ctx.db, request.query, json, ctx.now()).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not count a search without results'),
      );
      return reply.type(JSON_TYPE).send(json);
    },
  );

  app.get(
    '/products/suggestions',
    { config: { access: 'public' }, schema: { tags, querystring: suggestionQuery } },
    async (request, reply) => reply.type(JSON_TYPE).send(await suggestJson(ctx.db, request.query.q)),
  );

  // A former listing id or a merged product's id answers 301 to its catalogue product (the body names it too, for
  // the server-rendered page, which reads the API without headers).
  app.get(
    '/products/:id',
    { config: { access: 'public', sharedAnswer: true }, schema: { tags, params: productIdParams } },
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
    { config: { access: 'public', keepsCatalogue: true }, schema: { tags, params: productIdParams } },
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

  app.get('/home', { config: { access: 'public', sharedAnswer: true }, schema: { tags } }, () => homePayload(ctx));

  app.get(
    '/stores/:slug',
    { config: { access: 'public', sharedAnswer: true }, schema: { tags, params: storeSlugParams } },
    (request) => storePage(ctx, request.params.slug),
  );

  app.get('/sitemap', { config: { access: 'public' }, schema: { tags, hide: true } }, () => sitemapEntries(ctx.db));
};
