import { resolve } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import { ingestSource } from './ingest';
import { evaluatePriceAlerts } from '../prices/alerts';
import { recordCommandRun } from '../offers/runs';
import { adminTokenMatches, isLoopback } from '../../db/server-handoff';
import { sourceFormats } from './sources';

export const ADMIN_TOKEN_HEADER = 'x-pricehub-admin-token';

const ingestBody = z.object({
  store: z.string().trim().min(1).max(200),
  source: z.string().trim().min(1).max(2000),
  format: z.enum(sourceFormats).default('auto'),
});

/**
 * POST /api/internal/ingest: how `npm run ingest` runs a job inside the running server. Only from this machine
 * (the socket's address, not X-Forwarded-For) and only with the token from DATA_DIR/server.json. The answer is
 * a stream of JSON lines: progress events, then the report.
 */
export const ingestionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/internal/ingest',
    {
      config: { access: 'webhook' },
      schema: {
        hide: true,
        body: ingestBody,
        response: {
          200: rawAnswer(
            'application/x-ndjson',
            'JSON lines: {type: "progress", …} events, then the report or an error',
          ),
        },
      },
    },
    async (request, reply) => {
      const token = request.headers[ADMIN_TOKEN_HEADER];
      if (
        !isLoopback(request.socket.remoteAddress) ||
        !adminTokenMatches(typeof token === 'string' ? token : undefined)
      ) {
        throw forbidden('This route is for the ingest command on this machine');
      }
      const { store, source, format } = request.body;
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
      const send = (line: unknown) => reply.raw.write(`${JSON.stringify(line)}\n`);
      try {
        const startedAt = ctx.now();
        const report = await ingestSource(ctx, {
          store,
          // A relative file path means the same thing to the server as to the command that sent it.
          source: /^https?:\/\//i.test(source) ? source : resolve(source),
          format,
          progress: (event) => send({ type: 'progress', ...event }),
        });
        await recordCommandRun(ctx.db, report, startedAt, ctx.now());
        await evaluatePriceAlerts(ctx);
        send({ type: 'report', report });
      } catch (error) {
        send({ type: 'error', message: (error as Error).message });
      }
      reply.raw.end();
    },
  );
};
