import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  unsubscribed,
  unsubscribeParams,
  unsubscribeStatus,
  wishlistAlertMessages as m,
} from '@pricehub/shared/schemas/wishlist-alerts';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { unsubscribePage, type UnsubscribePageInput } from './unsubscribe-page';
import { findSubscriber, maskEmail, unsubscribe } from './unsubscribe';

const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * The unsubscribe link of every alert mail, usable without signing in. GET only shows what the link will do (mail
 * scanners open links, and must not unsubscribe anyone); POST unsubscribes: the page's button, or a mail app's
 * RFC 8058 one-click POST ("List-Unsubscribe=One-Click", form-encoded or multipart). Browsers get a page; other
 * callers JSON.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The one-click body says nothing the path does not: it is read as text whatever its type, and ignored.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => done(null, body));

  const base = ctx.config.publicUrl;
  const page = (reply: FastifyReply, status: number, input: Omit<UnsubscribePageInput, 'settingsUrl' | 'shopUrl'>) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(unsubscribePage({ ...input, settingsUrl: `${base}/custPanel#alerts`, shopUrl: `${base}/` }));
  const invalid = (request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsPage(request)) throw notFound(m.linkInvalid);
    return page(reply, 404, {
      title: m.linkInvalid,
      message: 'You can still turn wishlist alerts off in your account, under Wishlist alerts.',
    });
  };
  // Browsers (Accept: text/html) get the page, other callers the JSON.
  const answering = <T extends z.ZodType>(json: T) =>
    ({
      config: { access: 'public' },
      schema: {
        tags: ['wishlist'],
        params: unsubscribeParams,
        response: { 200: { content: { 'application/json': { schema: json }, 'text/html': { schema: z.string() } } } },
      },
    }) as const;

  app.get('/wishlist/alerts/unsubscribe/:token', answering(unsubscribeStatus), async (request, reply) => {
    const subscriber = await findSubscriber(ctx, request.params.token);
    if (!subscriber) return invalid(request, reply);
    const email = maskEmail(subscriber.email);
    if (!wantsPage(request)) return { email, subscribed: subscriber.subscribed };
    if (!subscriber.subscribed) {
      return page(reply, 200, { title: 'You are unsubscribed', message: `${m.unsubscribed} at ${email}.` });
    }
    return page(reply, 200, {
      title: 'Stop wishlist alerts?',
      message: `${email} will get no more mails when a saved product drops in price, goes on sale or is back in stock.`,
      confirmPath: `/api/wishlist/alerts/unsubscribe/${encodeURIComponent(request.params.token)}`,
    });
  });

  app.post('/wishlist/alerts/unsubscribe/:token', answering(unsubscribed), async (request, reply) => {
    const subscriber = await unsubscribe(ctx, request.params.token);
    if (!subscriber) return invalid(request, reply);
    const email = maskEmail(subscriber.email);
    if (!wantsPage(request)) return { email, subscribed: false, message: m.unsubscribed };
    return page(reply, 200, {
      title: 'You are unsubscribed',
      message: `${m.unsubscribed} at ${email}. Changed your mind? Turn them back on in your account.`,
    });
  });
};
