import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sellerDashboard as dashboardAnswer } from '@pricehub/shared/schemas/dashboard';
import type { AppContext } from '../../context';
import { currentStoreId } from '../../http/access';
import { sellerDashboard } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/seller/dashboard',
    { config: { access: 'seller' }, schema: { tags: ['dashboard'], response: { 200: dashboardAnswer } } },
    async (request) => sellerDashboard(ctx, currentStoreId(request)),
  );
};
