import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueChanges } from '../modules/catalog/change-feed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * GET: the answer is the same for everyone who asks and changes only with the catalogue (a product, its offers,
     * its price history), so it is kept as sent (registerAnswerCache).
     */
    sharedAnswer?: boolean;
    /**
     * A write that changes nothing a shopper reads from the shared answers or pages (a cart line, a session, a view
     * counted, a chat message). Every other successful write drops them on this process before its answer leaves.
     */
    keepsCatalogue?: boolean;
  }
  interface FastifyRequest {
    /** Where the catalogue stood when a shared answer started being worked out (null when it is not kept). */
    answerStarted: Started | null;
  }
}

/** Where the caches stood when an entry started being worked out: a change after that leaves it stale. */
export interface Started {
  stamp: number;
  generation: number;
}

interface Answer extends Started {
  /** The products an answer about one product shows: kept until one of them changes. Lists: kept `listTtlMs`. */
  products?: readonly number[];
  madeAt: number;
  expiresAt: number;
  status: number;
  type: string;
  location?: string;
  body: string;
}

export interface SharedAnswerOptions {
  /** How long an answer that lists many products is kept (another process's change shows within it). */
  listTtlMs: number;
  /** How long an answer about one product is kept while the change feed is heard. */
  productTtlMs: number;
  maxBytes: number;
  /** Moves on when this process changes the catalogue (cache/catalogue-cache.ts): lists are then stale. */
  generation: () => number;
  /** Drops the lists of this process (the results cache too). */
  invalidate: () => void;
  changes: CatalogueChanges;
  /** The products an answer is about, or undefined for a list (cache/catalogue-cache.ts productsShown). */
  productsShown: (url: string, body: string) => readonly number[] | undefined;
}

/**
 * Keeps the answers of `sharedAnswer` routes, by URL: a hit is sent before the session is looked up or the database
 * asked anything. An answer about one product is kept until the change feed says one of its products changed
 * (whichever process or script changed it), a list for `listTtlMs`. After every successful write not marked
 * `keepsCatalogue`, this process waits until it has heard the write's own changes and drops its lists, so whoever
 * changed something reads it back at once. At most `maxBytes` of answers, the least recently sent dropped first.
 */
export function registerAnswerCache(app: FastifyInstance, options: SharedAnswerOptions): void {
  const { changes, generation } = options;
  const answers = new Map<string, Answer>();
  let bytes = 0;
  const drop = (url: string, answer: Answer) => {
    answers.delete(url);
    bytes -= answer.body.length;
  };
  const fresh = (answer: Answer, now: number) =>
    answer.expiresAt > now &&
    (answer.products
      ? changes.unchangedSince(answer.stamp, answer.products)
      : answer.generation === generation() && changes.unchangedSince(answer.stamp, []));

  app.decorateRequest('answerStarted', null);
  const shared = (request: FastifyRequest) => request.method === 'GET' && request.routeOptions.config?.sharedAnswer;

  app.addHook('onRequest', async (request, reply) => {
    if (!shared(request)) return;
    const hit = answers.get(request.url);
    const now = Date.now();
    if (hit && fresh(hit, now)) {
      // The most recently sent last: the least recently sent goes first when room is needed.
      answers.delete(request.url);
      answers.set(request.url, hit);
      // HTTP's Age (whole seconds since the answer was worked out): a page drawn from it is kept the less for it.
      reply
        .status(hit.status)
        .type(hit.type)
        .header('age', String(Math.floor((now - hit.madeAt) / 1000)));
      if (hit.location) reply.header('location', hit.location);
      return reply.send(hit.body);
    }
    if (hit) drop(request.url, hit);
    // Taken before the answer is worked out: a change made meanwhile leaves the answer stale at once.
    request.answerStarted = { stamp: changes.stamp(), generation: generation() };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isWrite(request) && reply.statusCode < 400 && !request.routeOptions.config?.keepsCatalogue) {
      // Before the answer leaves: the writer's next read must find neither the old product nor the old lists.
      await changes.sync();
      options.invalidate();
      return payload;
    }
    const started = request.answerStarted;
    if (started === null || typeof payload !== 'string' || (reply.statusCode !== 200 && reply.statusCode !== 301)) {
      return payload;
    }
    const products = options.productsShown(request.url, payload);
    const now = Date.now();
    const ttl = products && changes.hearing ? options.productTtlMs : options.listTtlMs;
    const location = reply.getHeader('location');
    const old = answers.get(request.url);
    if (old) drop(request.url, old);
    answers.set(request.url, {
      ...started,
      ...(products ? { products } : {}),
      madeAt: now,
      expiresAt: now + ttl,
      status: reply.statusCode,
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      ...(typeof location === 'string' ? { location } : {}),
      body: payload,
    });
    bytes += payload.length;
    for (const [url, answer] of answers) {
      if (bytes <= options.maxBytes) break;
      drop(url, answer);
    }
    return payload;
  });
}

const isWrite = (request: FastifyRequest) =>
  request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
