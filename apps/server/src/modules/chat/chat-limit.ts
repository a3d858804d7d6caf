import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_LIMIT_PER_MINUTE, chatMessages } from '@pricehub/shared/schemas/chat';
import type { AppContext } from '../../context';
import { enforceLimit, type RateLimit } from '../../http/rate-limit';

export const VISITOR_COOKIE = 'ph_visitor';
/** A client that drops cookies (or invents new ones) still meets the per-address ceiling. */
export const CHAT_LIMIT: RateLimit = {
  name: 'chat',
  windowSeconds: 60,
  perAccount: CHAT_LIMIT_PER_MINUTE,
  perAddress: 100,
};

/**
 * 20 messages a minute per signed-in account, or per visitor cookie for signed-out shoppers (given on the
 * first message). Counted in the database so that every server process shares the count.
 */
export async function enforceChatLimit(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  let account: string;
  if (request.user) {
    account = `user:${request.user.id}`;
  } else {
    let visitor = request.cookies[VISITOR_COOKIE];
    if (!visitor || !/^[a-f0-9]{32}$/.test(visitor)) {
      visitor = randomBytes(16).toString('hex');
      reply.setCookie(VISITOR_COOKIE, visitor, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.publicUrl.startsWith('https://'),
        maxAge: 60 * 60 * 24 * 365,
      });
    }
    account = `visitor:${visitor}`;
  }
  await enforceLimit(ctx.db, CHAT_LIMIT, { account, address: request.ip }, chatMessages.tooMany);
}
