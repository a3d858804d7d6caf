import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@pricehub/shared/messages';
import { fieldErrors } from '@pricehub/shared/schemas/error';
import { customerProfileUpdate, profile, profileUpdated, sellerProfileUpdate } from '@pricehub/shared/schemas/account';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { badRequest } from '../../http/errors';
import * as accounts from './service';

/** /api/me: the signed-in user's own profile, whichever role. (The password change is sign-in's: auth/routes.ts.) */
export const meRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['me'];
  app.get(
    '/profile',
    { config: { access: 'account' }, schema: { tags, response: { 200: profile } } },
    async (request) => {
      const user = currentUser(request);
      return user.role === 'seller'
        ? accounts.getSellerProfile(ctx, user.id)
        : accounts.getCustomerProfile(ctx, user.id);
    },
  );

  app.put(
    '/profile',
    { config: { access: 'account' }, schema: { tags, response: { 200: profileUpdated } } },
    async (request) => {
      const user = currentUser(request);
      // The body's shape depends on the role, so it is parsed here rather than in the route schema.
      if (user.role === 'seller') {
        const parsed = sellerProfileUpdate.safeParse(request.body);
        if (!parsed.success) throw validation(parsed.error.issues);
        return {
          message: messages.profile.updated,
          profile: await accounts.updateSellerProfile(ctx, user.id, parsed.data),
        };
      }
      const parsed = customerProfileUpdate.safeParse(request.body);
      if (!parsed.success) throw validation(parsed.error.issues);
      return {
        message: messages.profile.updated,
        profile: await accounts.updateCustomerProfile(ctx, user.id, parsed.data),
      };
    },
  );
};

function validation(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return badRequest(issues[0]?.message ?? messages.generic.invalidInput, fieldErrors(issues));
}
