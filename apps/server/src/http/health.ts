import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Liveness (the process answers) and readiness (the database answers), for load balancers and orchestrators. */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['ops'] } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { config: { access: 'public' }, schema: { tags: ['ops'] } }, async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ready', database: ctx.database.kind };
    } catch {
      return reply.status(503).send({ error: { code: 'NOT_READY', message: 'The database is not reachable' } });
    }
  });
}
