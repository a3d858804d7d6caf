import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { apiError } from '@pricehub/shared/schemas/error';
import { liveness, readiness } from '@pricehub/shared/schemas/health';
import type { AppContext } from '../context';

/** A load balancer's probe gives up after a few seconds: answer "not ready" well before that. */
export const READY_TIMEOUT_MS = 1_500;

/** Liveness (the process answers) and readiness (the database answers), for load balancers and orchestrators. */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { access: 'public' } as const;
  const live = { config, schema: { tags: ['ops'], response: { 200: liveness } } };
  const ready = { config, schema: { tags: ['ops'], response: { 200: readiness, 503: apiError } } };
  app.get('/api/health', live, async () => ({ status: 'ok' }));
  app.get('/api/ready', ready, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    // A database that hangs (no answer, a pool waiting for a connection) counts as down, not as a slow "ready".
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([ctx.db.execute(sql`select 1`), timedOut]);
      return { status: 'ready', database: ctx.database.kind };
    } catch {
      return reply.status(503).send({ error: { code: 'NOT_READY', message: 'The database is not reachable' } });
    } finally {
      clearTimeout(timer);
    }
  });
}
