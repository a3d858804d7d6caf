import type { FastifyRequest } from 'fastify';
import { messages } from '@pricehub/shared/messages';
import { unauthorized } from '../../http/errors';

/**
 * The spec tells a signed-out shopper 'Login First Please' on the wishlist and compare list. This runs as an
 * onRequest hook, before the access hook (preValidation) would answer with the generic sign-in message; sellers still
 * get its 403.
 */
export async function loginFirst(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(messages.login.loginFirst);
}
