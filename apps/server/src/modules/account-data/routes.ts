import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDataMessages, accountDeletionInput, accountExport } from '@pricehub/shared/schemas/account-data';
import { messageAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { SESSION_COOKIE } from '../auth/session-service';
import { deleteAccount } from './account-deletion';
import { exportAccountData, type AccountExport } from './data-export';

/** The data as a pretty-printed JSON file to save. */
const sendFile = (reply: FastifyReply, filename: string, data: AccountExport) =>
  reply
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(data, null, 2));

/** /api/me/data and /api/me/account: the signed-in user's own data, downloaded, and the account deleted. */
export const accountDataRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['me'];
  app.get(
    '/data',
    { config: { access: 'account' }, schema: { tags, response: { 200: accountExport } } },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await exportAccountData(ctx, user);
      const day = ctx.now().toISOString().slice(0, 10);
      return sendFile(reply, `pricehub-${user.role}-data-${day}.json`, data);
    },
  );

  app.delete(
    '/account',
    { config: { access: 'account' }, schema: { tags, body: accountDeletionInput, response: { 200: messageAnswer } } },
    async (request, reply) => {
      await deleteAccount(ctx, currentUser(request), request.body.password, request.ip);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: accountDataMessages.deleted };
    },
  );
};
