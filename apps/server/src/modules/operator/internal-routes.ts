import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorCreated } from '@pricehub/shared/schemas/operator';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import { ADMIN_TOKEN_HEADER } from '../ingestion/internal-routes';
import { adminTokenMatches, isLoopback } from '../../db/server-handoff';
import { createOperator } from './accounts';

// The values are checked by createOperator with the sign-up rules, so the command line hears the same messages.
const body = z.object({ email: z.unknown(), name: z.unknown(), password: z.unknown() });

/**
 * POST /api/internal/operators: how `npm run operator -- create` makes an account while the server holds the
 * embedded database. Only from this machine (the socket's address) and only with the token of DATA_DIR/server.json,
 * as `npm run ingest` hands over its jobs.
 */
export const internalOperatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/internal/operators',
    { config: { access: 'webhook' }, schema: { hide: true, body, response: { 201: operatorCreated } } },
    async (request, reply) => {
      const token = request.headers[ADMIN_TOKEN_HEADER];
      if (
        !isLoopback(request.socket.remoteAddress) ||
        !adminTokenMatches(typeof token === 'string' ? token : undefined)
      ) {
        throw forbidden('This route is for the operator command on this machine');
      }
      const operator = await createOperator(ctx.db, request.body, 'command line');
      return reply.status(201).send({ operator });
    },
  );
};
