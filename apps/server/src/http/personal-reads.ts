import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import type { Db } from '../db/client';
import { SESSION_COOKIE } from '../modules/auth/session-service';
import { countCart } from '../modules/cart/service';
import type { DirectReads } from './page-renderer';

/**
 * What a signed-in customer's own parts of a page read (their header and answers: web-app.ts), answered in this
 * process instead of through two internal API requests for each page they open. Each body is the one its route sends
 * (GET /api/auth/session, GET /api/cart/count: JSON.stringify of the same object); a page request that is not a
 * customer's gets the cart count from its route, which refuses it as it refuses anyone. `sessionUser` is the lookup
 * the API's session hook makes (app.ts); it is made once per page request, for both answers.
 */
export function personalReads(
  db: Db,
  sessionUser: (token: string) => Promise<SessionUser | null>,
): (request: FastifyRequest) => DirectReads {
  return (request) => {
    const token = request.cookies[SESSION_COOKIE];
    let user: Promise<SessionUser | null> | undefined;
    const userOf = () => (user ??= token ? sessionUser(token) : Promise.resolve(null));
    return {
      '/auth/session': async () => ({ status: 200, body: JSON.stringify({ user: await userOf() }) }),
      '/cart/count': async () => {
        const customer = await userOf();
        if (customer?.role !== 'customer') return undefined;
        return { status: 200, body: JSON.stringify({ count: await countCart(db, customer.id) }) };
      },
    };
  };
}
