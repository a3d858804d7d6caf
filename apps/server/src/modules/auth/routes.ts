import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@pricehub/shared/messages';
import {
  customerRegistration,
  loggedOut,
  loginAnswer,
  loginInput,
  passwordResetInput,
  passwordResetLink,
  passwordChangeInput,
  passwordResetRequest,
  sellerRegistration,
  sessionAnswer,
} from '@pricehub/shared/schemas/account';
import { messageAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import * as auth from './service';
import { destroySession, findSessionUser, SESSION_COOKIE } from './session-service';
import { hashToken } from './tokens';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const secure = ctx.config.publicUrl.startsWith('https://');
  const setSessionCookie = (reply: FastifyReply, token: string, expires: Date) =>
    reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });

  // A taken email gets the same 201 and body as a new one (its owner is mailed instead): no account enumeration.
  app.post(
    '/customers',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: customerRegistration, response: { 201: messageAnswer } },
    },
    async (request, reply) => {
      await auth.signUp(ctx, { ...request.body, role: 'customer' }, request.ip);
      return reply.status(201).send({ message: messages.registration.customerCreated });
    },
  );

  app.post(
    '/sellers',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: sellerRegistration, response: { 201: messageAnswer } },
    },
    async (request, reply) => {
      await auth.signUp(ctx, { ...request.body, role: 'seller' }, request.ip);
      return reply.status(201).send({ message: messages.registration.sellerCreated });
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public', keepsCatalogue: true },
      schema: { tags: ['auth'], body: loginInput, response: { 200: loginAnswer } },
    },
    async (request, reply) => {
      const session = await auth.login(ctx, request.body, request.ip);
      const user = await findSessionUser(ctx.db, session.token, ctx.now());
      setSessionCookie(reply, session.token, session.expiresAt);
      return { user, message: messages.login.success };
    },
  );

  app.post(
    '/logout',
    { config: { access: 'public', keepsCatalogue: true }, schema: { tags: ['auth'], response: { 200: loggedOut } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        await destroySession(ctx.db, token);
        // Logout does not wait for the change feed (keepsCatalogue): its session goes from this process's cache now.
        request.server.sessionCache.forgetSession(hashToken(token));
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true } as const;
    },
  );

  app.get(
    '/session',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: sessionAnswer } } },
    async (request) => ({ user: request.user }),
  );

  app.post(
    '/password-reset',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: passwordResetRequest, response: { 202: messageAnswer } },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(ctx, request.body.email, request.body.role, request.ip);
      return reply.status(202).send({ message: messages.password.resetRequested });
    },
  );

  const tokenParams = z.object({ token: z.string().min(1).max(200) });

  app.get(
    '/password-reset/:token',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], params: tokenParams, response: { 200: passwordResetLink } },
    },
    async (request) => auth.checkPasswordReset(ctx, request.params.token),
  );

  app.post(
    '/password-reset/:token',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], params: tokenParams, body: passwordResetInput, response: { 200: messageAnswer } },
    },
    async (request) => {
      await auth.completePasswordReset(ctx, request.params.token, request.body.password);
      return { message: messages.password.resetDone };
    },
  );
};

/**
 * /api/me/password: the signed-in user's password change, whichever role. Mounted beside the profile (/api/me) but
 * sign-in's: it checks the password and ends the account's other sessions.
 */
export const passwordChangeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.put(
    '/password',
    {
      config: { access: 'account' },
      schema: { tags: ['me'], body: passwordChangeInput, response: { 200: messageAnswer } },
    },
    async (request) => {
      await auth.changePassword(ctx, currentUser(request), request.body, request.cookies[SESSION_COOKIE]);
      return { message: messages.password.changed };
    },
  );
};
