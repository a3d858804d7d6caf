import Stripe from 'stripe';
import type { ClosedPayment, PaymentEvent, PaymentGateway } from './gateway';

/**
 * Stripe settings. `apiBase` (e.g. http://127.0.0.1:12111) points the SDK at a stand-in server: tests use it so
 * that the real SDK runs without the internet.
 */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiBase?: string;
}

// Stripe refuses sessions that expire sooner than 30 minutes after creation; we close ours ourselves at 30.
const SESSION_SLACK_MS = 2 * 60_000;

const closed = (session: Stripe.Checkout.Session): ClosedPayment => ({
  paid: session.payment_status === 'paid',
  amountTotal: session.amount_total ?? null,
  currency: session.currency ?? null,
});

/** The Checkout Session events that settle a payment; any other event settles none. */
function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  const paid = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
  const ended = event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed';
  if (!paid && !ended) return null;
  const session = event.data.object;
  const paymentId = session.metadata?.paymentId ?? session.client_reference_id;
  // A completed session paid by a delayed method has not paid yet: its async_payment event follows.
  if (!paymentId || (paid && session.payment_status !== 'paid')) return null;
  return {
    id: event.id,
    type: event.type,
    outcome: paid ? 'paid' : 'ended',
    paymentId,
    ref: session.id,
    amountTotal: session.amount_total,
    currency: session.currency,
  };
}

/** Stripe Checkout through the official SDK: a hosted payment page per checkout, its session id as the reference. */
export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  return {
    provider: 'stripe',

    async open(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.paymentId,
          customer_email: request.customerEmail,
          metadata: { paymentId: request.paymentId },
          line_items: request.lines.map((line) => ({
            quantity: 1,
            price_data: { currency: request.currency, unit_amount: line.amount, product_data: { name: line.name } },
          })),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor((request.expiresAt.getTime() + SESSION_SLACK_MS) / 1000),
        },
        // A retried request must not open a second session for the same payment.
        { idempotencyKey: `checkout-${request.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a session without a url');
      return { url: session.url, ref: session.id };
    },

    async close(sessionId) {
      // No session was opened (Stripe failed before answering one): nothing could be paid.
      if (!sessionId) return { paid: false, amountTotal: null, currency: null };
      try {
        return closed(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe refuses to expire a session that is already complete or expired: ask which one it is.
        const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => {
          throw error;
        });
        return closed(session);
      }
    },

    async refund(sessionId, amount, idempotencyKey) {
      if (!sessionId) throw new Error('no Stripe session to refund');
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`session ${sessionId} has no payment to refund`);
      await stripe.refunds.create({ payment_intent: intent, amount }, { idempotencyKey });
    },

    verifyWebhook(rawBody, signature) {
      return paymentEventOf(stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret));
    },
  };
}
