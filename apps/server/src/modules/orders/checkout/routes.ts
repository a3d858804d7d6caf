import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutInput,
  checkoutMessages,
  checkoutResult,
  paymentChanged,
  paymentIdParams,
  paymentView,
  webhookReceived,
} from '@pricehub/shared/schemas/checkout';
import type { AppContext } from '../../../context';
import { currentUser } from '../../../http/access';
import { HttpError, badRequest } from '../../../http/errors';
import { enforcePromoLimit } from '../../promos/redeem';
import * as payments from './payments';
import { checkoutPreviewRoutes } from './preview';
import { checkout } from './service';
import { handlePaymentEvent } from './settlement';

/** Checkout, payments (Stripe and the test gateway) and the Stripe webhook. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const customer = { access: 'customer' } as const;
  const tags = ['checkout'];

  // The payment provider's own error text stays here, in the log; the client gets the generic message.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof HttpError && error.code === 'PAYMENT_PROVIDER') {
      request.log.error({ err: error.cause ?? error }, 'payment provider failed');
    }
  });

  await app.register(checkoutPreviewRoutes, { ctx });

  app.post(
    '/checkout',
    { config: customer, schema: { tags, body: checkoutInput, response: { 201: checkoutResult } } },
    async (request, reply) => {
      const buyer = currentUser(request);
      if (request.body.promoCode) await enforcePromoLimit(ctx.db, { account: String(buyer.id), address: request.ip });
      return reply.status(201).send(await checkout(ctx, buyer, request.body));
    },
  );

  app.get(
    '/payments/:paymentId',
    { config: customer, schema: { tags, params: paymentIdParams, response: { 200: paymentView } } },
    async (request) => payments.getPayment(ctx, currentUser(request).id, request.params.paymentId),
  );

  app.post(
    '/payments/test/:paymentId/pay',
    { config: customer, schema: { tags, params: paymentIdParams, response: { 200: paymentChanged } } },
    async (request) => payments.payWithTestGateway(ctx, currentUser(request).id, request.params.paymentId),
  );

  app.post(
    '/payments/test/:paymentId/cancel',
    { config: customer, schema: { tags, params: paymentIdParams, response: { 200: paymentChanged } } },
    async (request) => payments.cancelWithTestGateway(ctx, currentUser(request).id, request.params.paymentId),
  );

  // The signature covers the exact bytes Stripe sent, so this route alone reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    webhook.post(
      '/webhooks/stripe',
      { config: { access: 'webhook' }, schema: { tags, hide: true, response: { 200: webhookReceived } } },
      async (request) => {
        const gateway = ctx.payments.gateway('stripe');
        const signature = request.headers['stripe-signature'];
        if (!gateway || typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw badRequest(checkoutMessages.badSignature);
        }
        let event;
        try {
          event = gateway.verifyWebhook(request.body, signature);
        } catch {
          throw badRequest(checkoutMessages.badSignature);
        }
        if (event) await handlePaymentEvent(ctx, gateway, event, request.log);
        return { received: true };
      },
    );
  });
};
