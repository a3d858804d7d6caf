import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { registerAccessControl, type Access } from './http/access';
import { registerErrorHandler } from './http/error-handler';
import { registerHealthRoutes } from './http/health';
import { registerInputGuard } from './http/input-guard';
import { registerResponseSchemas } from './http/response-schemas';
import {
  AccessLog,
  allowedOrigins,
  registerOriginCheck,
  registerSecurityHeaders,
  trustProxyOption,
} from './http/security';
import { registerAnswerCache } from './http/answer-cache';
import { personalReads } from './http/personal-reads';
import { registerWebApp } from './http/web-app';
import { SessionCache } from './modules/auth/session-cache';
import { cachedSessionUser, SESSION_COOKIE } from './modules/auth/session-service';
import { PAGE_RENDER_HEADER, sessionOnce } from './http/page-sessions';
import {
  catalogueGeneration,
  invalidateCatalogCache,
  PRODUCT_TTL_MS,
  productsShown,
  LIST_KEEP_MS,
  TTL_MS as CATALOGUE_TTL_MS,
} from './cache/catalogue-cache';
import { CatalogueChanges } from './modules/catalog/change-feed';
import { keepSearchIndex } from './modules/catalog/search-index/live-index';
import { keepCards, keptCards } from './modules/catalog/card-cache';
import { readCardsAhead } from './modules/catalog/repository';
import { keepSearchTerms } from './modules/catalog/kept-terms';
import { moduleRoutes } from './modules/registry';

export interface RouteEntry {
  method: string;
  url: string;
  access?: Access;
  hidden: boolean;
  /** The zod schemas the route validates with (body, querystring, params) and answers with (response, by status). */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> };
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface BuildOptions {
  /** The process's pino logger (Fastify 5 takes an instance as `loggerInstance`); none in tests. */
  loggerInstance?: FastifyBaseLogger;
  /** Serve the built web app (off in API tests). */
  web?: boolean;
  /** Whether PUBLIC_URL was configured; when not, both localhost and 127.0.0.1 are accepted origins. */
  publicUrlWasSet?: boolean;
}

/** Builds the HTTP app: plugins, then cross-cutting hooks, then every module's routes. Tests build it too. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    logController: new AccessLog(),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
    // Errors raised while routing (an over-long path parameter, a bad content type) get the one error shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const message = status === 414 ? 'The address is too long' : 'The request could not be read';
      void (reply as FastifyReply).status(status).send({ error: { code: error.code ?? 'BAD_REQUEST', message } });
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Every route and whom it is for, as registered: the access-control matrix test walks this table.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({
        method,
        url: route.url,
        access: route.config?.access,
        hidden: !!route.schema?.hide,
        schema: route.schema as RouteEntry['schema'],
      });
    }
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  registerResponseSchemas(app, { check: ctx.config.env !== 'production' });

  registerSecurityHeaders(app, ctx.config);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: { info: { title: 'PriceHub API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  app.decorateRequest('user', null);
  // The catalogue changes any process makes, heard by this one: kept product answers and pages live until then.
  const changes = new CatalogueChanges(ctx.database, app.log);
  app.addHook('onClose', () => changes.close());
  await changes.start();
  if (ctx.config.searchIndex) {
    // Searches are answered from the process once it has loaded (in the background), the database until then.
    const searchIndex = keepSearchIndex(ctx.db, changes, app.log);
    app.addHook('onClose', () => searchIndex.close());
    // The cards search results (and home and recommendations) show, kept while the feed hears their product unchanged:
    // once the index has loaded, those searches show first are read ahead of them.
    const stopKeepingCards = keepCards(ctx.db, changes);
    app.addHook('onClose', async () => stopKeepingCards());
    keptCards(ctx.db)!.readAhead = searchIndex
      .start()
      .then(() => searchIndex.current())
      .then((index) => index && readCardsAhead(ctx.db, (n) => index.leading(n), ctx.now))
      .catch((err: unknown) => app.log.warn({ err }, 'cards not read ahead'));
    // The search dictionary the words of a search are looked up in, kept while the feed hears it unchanged.
    const stopKeepingTerms = keepSearchTerms(ctx.db, changes);
    app.addHook('onClose', async () => stopKeepingTerms());
  }
  // Before the session lookup: a kept answer is sent without asking the database anything.
  registerAnswerCache(app, {
    listTtlMs: CATALOGUE_TTL_MS,
    productTtlMs: PRODUCT_TTL_MS,
    maxBytes: 64 * 1024 * 1024,
    generation: catalogueGeneration,
    invalidate: invalidateCatalogCache,
    changes,
    productsShown,
  });
  // Who is asking: kept in this process while the change feed hears every change to sessions and accounts.
  const sessions = new SessionCache(changes);
  changes.onAccountsChanged((ids) => sessions.forget(ids));
  app.decorate('sessionCache', sessions);
  const sessionUser = (token: string) => cachedSessionUser(sessions, ctx.db, token, ctx.now());
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.user = token
      ? await sessionOnce(request.headers[PAGE_RENDER_HEADER], token, () => sessionUser(token))
      : null;
  });
  registerOriginCheck(app, allowedOrigins(ctx.config, options.publicUrlWasSet ?? true));
  registerAccessControl(app);
  registerInputGuard(app);
  registerHealthRoutes(app, ctx);

  for (const [prefix, routes] of moduleRoutes) await app.register(routes, { prefix, ctx });

  if (options.web) {
    await registerWebApp(app, {
      publicUrl: ctx.config.publicUrl,
      root: ctx.config.webDist,
      generation: catalogueGeneration,
      changes,
      answerProducts: (path, body) => productsShown(`/api${path}`, body),
      listTtlMs: CATALOGUE_TTL_MS,
      listKeepMs: LIST_KEEP_MS,
      productTtlMs: PRODUCT_TTL_MS,
      isVisitor: (request) => !request.cookies[SESSION_COOKIE],
      personalReads: personalReads(ctx.db, sessionUser),
    });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
