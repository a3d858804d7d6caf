import type { Config } from '../../config';
import { createStripeGateway } from './stripe';
import { testGateway } from './test-gateway';

/** Which gateway a payment went through, as the payments table records it. */
export type PaymentProvider = 'stripe' | 'test';

export interface PaymentRequest {
  paymentId: string;
  customerEmail: string;
  currency: string;
  /** One line per order (one order per seller), amounts in minor units. */
  lines: { name: string; amount: number }[];
  successUrl: string;
  cancelUrl: string;
  /** When we close the payment ourselves if it is still unpaid. */
  expiresAt: Date;
}

/** Where the shopper pays, and the gateway's own name for that payment (a Stripe session id; none for ours). */
export interface OpenedPayment {
  url: string;
  ref: string | null;
}

/** Whether a payment closed paid, and what it collected (minor units and currency, for the caller to check). */
export interface ClosedPayment {
  paid: boolean;
  amountTotal: number | null;
  currency: string | null;
}

/** A verified webhook event about one of our payments. */
export interface PaymentEvent {
  /** The gateway's event id and type, for the log. */
  id: string;
  type: string;
  /** paid: the money arrived; ended: the payment page closed, or the payment failed, with nothing taken. */
  outcome: 'paid' | 'ended';
  paymentId: string;
  ref: string;
  amountTotal: number | null;
  currency: string | null;
}

/** One way of taking card payments. The order lifecycle (modules/orders) knows gateways only through this. */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** Opens the page where the shopper pays for one checkout; a retry of the same payment opens no second one. */
  open(request: PaymentRequest): Promise<OpenedPayment>;
  /**
   * Closes an open payment so that nothing can be paid on it any more, and answers whether it was paid first. `ref`
   * is what `open` answered (null: it kept none, or opening failed).
   */
  close(ref: string | null): Promise<ClosedPayment>;
  /** Gives `amount` of a paid payment back; the key makes a retry refund once. */
  refund(ref: string | null, amount: number, idempotencyKey: string): Promise<void>;
  /**
   * Verifies a webhook's signature over the raw body (throws when it does not match) and answers the event it
   * carries, or null for one that settles none of our payments.
   */
  verifyWebhook(rawBody: Buffer, signature: string): PaymentEvent | null;
}

/** The configured gateways, on the app context as `ctx.payments`. */
export interface PaymentGateways {
  /** Where new online payments go; null when online payment is off. */
  readonly checkout: PaymentGateway | null;
  /** The gateway a recorded payment went through, to close or refund it; null when it is not configured now. */
  gateway(provider: string): PaymentGateway | null;
}

/**
 * The one place payments are chosen from config: Stripe with a key; otherwise the built-in test gateway, where it is
 * allowed (never in production unless PAYMENTS_TEST_GATEWAY=1; docs/decisions/005).
 */
export function paymentGateways(config: Pick<Config, 'stripe' | 'testGateway'>): PaymentGateways {
  const stripe = config.stripe ? createStripeGateway(config.stripe) : null;
  const test = config.testGateway ? testGateway : null;
  return {
    checkout: stripe ?? test,
    gateway: (provider) => (provider === 'stripe' ? stripe : provider === 'test' ? test : null),
  };
}
