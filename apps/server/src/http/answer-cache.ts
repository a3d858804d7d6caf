import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * GET: the answer is the same for everyone who asks and changes only with the catalogue (a product, its offers,
     * its price history), so it is kept as sent for a few seconds (registerAnswerCache).
     */
    sharedAnswer?: boolean;
    /**
     * A write that changes nothing a shopper reads from the shared answers or pages (a cart line, a session, a view
     * counted, a chat message). Every other successful write drops them on this process at once.
     */
    keepsCatalogue?: boolean;
  }
  interface FastifyRequest {
    /** The catalogue generation a shared answer is being worked out in (null when the route's answer is not kept). */
    answerGeneration: number | null;
  }
}

interface Answer {
  generation: number;
  expiresAt: number;
  status: number;
  type: string;
  location?: string;
  body: string;
}

/**
 * Keeps the answers of `sharedAnswer` routes, by URL, for `ttlMs`: a hit is sent before the session is looked up or
 * the database asked anything. `generation()` moves on when this process changes the catalogue (catalog/cache.ts),
 * which `invalidate()` does after every successful write not marked `keepsCatalogue`, so whoever changed something
 * reads it back at once; another server process's change shows within `ttlMs`. At most `maxEntries` answers, the
 * oldest dropped first.
 */
export function registerAnswerCache(
  app: FastifyInstance,
  {
    ttlMs,
    maxEntries,
    generation,
    invalidate,
  }: { ttlMs: number; maxEntries: number; generation: () => number; invalidate: () => void },
): void {
  const answers = new Map<string, Answer>();
  app.decorateRequest('answerGeneration', null);
  const shared = (request: FastifyRequest) => request.method === 'GET' && request.routeOptions.config?.sharedAnswer;

  app.addHook('onRequest', async (request, reply) => {
    if (!shared(request)) return;
    const hit = answers.get(request.url);
    const now = Date.now();
    if (hit && hit.generation === generation() && hit.expiresAt > now) {
      // HTTP's Age (whole seconds since the answer was worked out): a page drawn from it is kept the less for it.
      reply
        .status(hit.status)
        .type(hit.type)
        .header('age', String(Math.floor((now - (hit.expiresAt - ttlMs)) / 1000)));
      if (hit.location) reply.header('location', hit.location);
      return reply.send(hit.body);
    }
    // Remembered before the answer is worked out: a change made meanwhile leaves the answer stale at once.
    request.answerGeneration = generation();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isWrite(request) && reply.statusCode < 400 && !request.routeOptions.config?.keepsCatalogue) {
      // Before the answer leaves: the writer's next read must not find the old answer.
      invalidate();
      return payload;
    }
    const at = request.answerGeneration;
    if (at === null || typeof payload !== 'string' || (reply.statusCode !== 200 && reply.statusCode !== 301)) {
      return payload;
    }
    const location = reply.getHeader('location');
    answers.delete(request.url);
    answers.set(request.url, {
      generation: at,
      expiresAt: Date.now() + ttlMs,
      status: reply.statusCode,
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      ...(typeof location === 'string' ? { location } : {}),
      body: payload,
    });
    if (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
    return payload;
  });
}

const isWrite = (request: FastifyRequest) =>
  request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
