import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import { messages } from '@pricehub/shared/messages';
import { forbidden, unauthorized } from './errors';

/**
 * Who may call a route. Every route declares one in `config.access`; the access matrix test reads the route
 * table and fails on a route without it.
 * - public: anyone; customer / seller / operator: that role only (operators neither buy nor sell, and only they
 *   run the console); account: any signed-in user; webhook: signed by a provider.
 */
export type Access = 'public' | 'customer' | 'seller' | 'operator' | 'account' | 'webhook';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function registerAccessControl(app: FastifyInstance): void {
  // Before validation, so a visitor learns nothing about a route's inputs: 401/403 come first.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public' || access === 'webhook') return;
    if (!request.user) throw unauthorized(messages.generic.notSignedIn);
    if (access !== 'account' && request.user.role !== access) throw forbidden(messages.generic.forbidden);
  });
}

/** The signed-in user of a guarded route (the preValidation hook has already checked the role). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized(messages.generic.notSignedIn);
  return request.user;
}

/** The signed-in seller's store id; seller sessions always carry their store. */
export function currentStoreId(request: FastifyRequest): number {
  const user = currentUser(request);
  if (user.role !== 'seller' || !user.store) throw forbidden(messages.generic.forbidden);
  return user.store.id;
}
