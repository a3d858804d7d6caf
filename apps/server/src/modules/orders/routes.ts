import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, { ctx: _ctx }) => {};
