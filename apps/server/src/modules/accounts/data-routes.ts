import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDataMessages, accountDeletionInput } from '@pricehub/shared/schemas/account-data';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { SESSION_COOKIE } from '../auth/session-service';
import { deleteAccount } from './account-deletion';
import { exportAccountData } from './data-export';

/** /api/me/data and /api/me/account: the signed-in user's own data, downloaded, and the account deleted. */
export const accountDataRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/data', { config: { access: 'account' }, schema: { tags: ['me'] } }, async (request, reply) => {
    const user = currentUser(request);
    const data = await exportAccountData(ctx, user);
    const day = ctx.now().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="pricehub-${user.role}-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(
    '/account',
    { config: { access: 'account' }, schema: { tags: ['me'], body: accountDeletionInput } },
    async (request, reply) => {
      await deleteAccount(ctx, currentUser(request), request.body.password, request.ip);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: accountDataMessages.deleted };
    },
  );
};
