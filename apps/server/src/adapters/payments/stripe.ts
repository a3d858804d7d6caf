import Stripe from 'stripe';

/**
 * Stripe settings. `apiBase` (e.g. http://127.0.0.1:12111) points the SDK at a stand-in server: tests use it so
 * that the real SDK runs without the internet.
 */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiBase?: string;
}

export interface CheckoutSessionRequest {
  paymentId: string;
  customerEmail: string;
  currency: string;
  /** One line per order (one order per seller), amounts in minor units. */
  lines: { name: string; amount: number }[];
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface ClosedSession {
  paid: boolean;
  amountTotal: number | null;
  currency: string | null;
}

const closed = (session: Stripe.Checkout.Session): ClosedSession => ({
  paid: session.payment_status === 'paid',
  amountTotal: session.amount_total ?? null,
  currency: session.currency ?? null,
});

export interface StripeGateway {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<{ id: string; url: string }>;
  /**
   * Closes an open session; answers whether the customer managed to pay it before it closed, and what it collected
   * (minor units and currency, for the caller to check against its own record).
   */
  expireCheckoutSession(sessionId: string): Promise<ClosedSession>;
  /** Gives `amount` of a paid session back to the card; the key makes a retry refund once. */
  refund(sessionId: string, amount: number, idempotencyKey: string): Promise<void>;
  /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
}

export function createStripeGateway(settings: StripeSettings): StripeGateway {
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
    async createCheckoutSession(request) {
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
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        // A retried request must not open a second session for the same payment.
        { idempotencyKey: `checkout-${request.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a session without a url');
      return { id: session.id, url: session.url };
    },

    async expireCheckoutSession(sessionId) {
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
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`session ${sessionId} has no payment to refund`);
      await stripe.refunds.create({ payment_intent: intent, amount }, { idempotencyKey });
    },

    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  };
}
