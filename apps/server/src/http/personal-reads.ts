import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import type { AppContext } from '../context';
import type { SessionCache } from '../modules/auth/session-cache';
import { cachedSessionUser, SESSION_COOKIE } from '../modules/auth/session-service';
import { countCart } from '../modules/cart/service';
import type { DirectReads } from './page-renderer';

/**
 * What a signed-in customer's own parts of a page read (their header and answers: web-app.ts), answered in this
 * process instead of through two internal API requests for each page they open. Each body is the one its route sends
 * (GET /api/auth/session, GET /api/cart/count: JSON.stringify of the same object); a page request that is not a
 * customer's gets the cart count from its route, which refuses it as it refuses anyone.
 */
export function personalReads(ctx: AppContext, sessions: SessionCache): DirectReads {
  // The page request's session, looked up once for both answers (the API's session hook sees /api requests only).
  const users = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  const userOf = (request: FastifyRequest) => {
    let user = users.get(request);
    if (!user) {
      const token = request.cookies[SESSION_COOKIE];
      user = token ? cachedSessionUser(sessions, ctx.db, token, ctx.now()) : Promise.resolve(null);
      users.set(request, user);
    }
    return user;
  };
  return {
    '/auth/session': async (request) => ({ status: 200, body: JSON.stringify({ user: await userOf(request) }) }),
    '/cart/count': async (request) => {
      const user = await userOf(request);
      if (user?.role !== 'customer') return undefined;
      return { status: 200, body: JSON.stringify({ count: await countCart(ctx.db, user.id) }) };
    },
  };
}
