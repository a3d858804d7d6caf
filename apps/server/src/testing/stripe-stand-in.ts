import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeSettings } from '../adapters/payments/stripe';

/** What the stand-in's one Checkout Session looks like to the SDK; a test sets it to play out what the shopper did. */
export interface StandInSessionState {
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  /** Overrides what the last created session asked for (e.g. to answer with a wrong amount). */
  amount_total?: number;
  currency?: string;
}

/** One request the SDK sent, as received. */
export interface StandInRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey?: string;
}

export interface StandInRefund {
  paymentIntent: string | null;
  amount: number;
  idempotencyKey?: string;
}

export interface StandInCreatedSession {
  body: URLSearchParams;
  /** The sum of the line items' unit amounts, in minor units. */
  amountTotal: number;
  currency: string;
  idempotencyKey?: string;
}

export interface StandInExpiry {
  sessionId: string;
  idempotencyKey?: string;
}

export interface StripeStandInOptions {
  /** The id of the one session the stand-in hands out (default `cs_test_standin_1`). */
  sessionId?: string;
  /** The payment intent behind that session (default `pi_test_standin`). */
  paymentIntent?: string;
  webhookSecret?: string;
  /** The session state the stand-in starts with (default unpaid and open). */
  session?: StandInSessionState;
}

export interface StripeStandIn {
  /** Settings that point the real SDK at this stand-in. */
  readonly settings: StripeSettings;
  readonly sessionId: string;
  readonly paymentIntent: string;
  /** Every request, in order. */
  readonly requests: StandInRequest[];
  /** Refunds made (not those refused by `refundsFail`). */
  readonly refunds: StandInRefund[];
  /** Session creations asked for (including those refused by `createFails`). */
  readonly sessions: StandInCreatedSession[];
  /** Expiries asked for (including refused ones). */
  readonly expiries: StandInExpiry[];
  /** The session's state as answered now; expiring an open session sets `status: 'expired'`. */
  session: StandInSessionState;
  /** Refuse refunds with a 400 "charge already refunded". */
  refundsFail: boolean;
  /** Refuse session creation with a 400 that carries an internal-looking message. */
  createFails: boolean;
  /** Forgets what was recorded. */
  clearRecords(): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

const refuse = (res: ServerResponse, message: string, statusCode = 400) => {
  res.statusCode = statusCode;
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
};

/**
 * A stand-in for api.stripe.com on 127.0.0.1: the real SDK (through `settings.apiBase`) creates, reads and expires
 * one Checkout Session and makes refunds against it. It records what it was sent and can be told to refuse.
 */
export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const sessionId = options.sessionId ?? 'cs_test_standin_1';
  const paymentIntent = options.paymentIntent ?? 'pi_test_standin';
  const firstSession: StandInSessionState = options.session ?? { payment_status: 'unpaid', status: 'open' };
  /** What the last session created asks for, as Stripe answers it (`session` may override it). */
  let created = { amount_total: 0, currency: 'pkr' };
  const answer = () => ({ id: sessionId, object: 'checkout.session', ...created, ...standIn.session });

  const server = createServer(async (req, res) => {
    const body = new URLSearchParams(await readBody(req));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const path = req.url ?? '';
    standIn.requests.push({ method: req.method ?? '', path, body, idempotencyKey });
    res.setHeader('content-type', 'application/json');

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      let amount = 0;
      for (let i = 0; body.has(`line_items[${i}][price_data][unit_amount]`); i++) {
        amount += Number(body.get(`line_items[${i}][price_data][unit_amount]`));
      }
      created = { amount_total: amount, currency: body.get('line_items[0][price_data][currency]') ?? '' };
      standIn.sessions.push({ body, amountTotal: created.amount_total, currency: created.currency, idempotencyKey });
      if (standIn.createFails) return refuse(res, 'Upstream secret: acct_1Internal misconfigured');
      return res.end(JSON.stringify({ ...answer(), url: `https://checkout.stripe.test/c/pay/${sessionId}` }));
    }
    if (req.method === 'POST' && path === `/v1/checkout/sessions/${sessionId}/expire`) {
      standIn.expiries.push({ sessionId, idempotencyKey });
      if (standIn.session.status === 'complete') return refuse(res, 'Session is complete');
      standIn.session = { ...standIn.session, status: 'expired' };
      return res.end(JSON.stringify(answer()));
    }
    if (req.method === 'GET' && path.startsWith(`/v1/checkout/sessions/${sessionId}`)) {
      return res.end(JSON.stringify({ ...answer(), payment_intent: paymentIntent }));
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      if (standIn.refundsFail) return refuse(res, 'charge already refunded');
      const amount = Number(body.get('amount'));
      standIn.refunds.push({ paymentIntent: body.get('payment_intent'), amount, idempotencyKey });
      return res.end(JSON.stringify({ id: 're_test_1', object: 'refund', status: 'succeeded', amount }));
    }
    refuse(res, 'unknown path', 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const standIn: StripeStandIn = {
    settings: {
      secretKey: 'sk_test_pricehub',
      webhookSecret: options.webhookSecret ?? 'whsec_test_standin',
      apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    },
    sessionId,
    paymentIntent,
    requests: [],
    refunds: [],
    sessions: [],
    expiries: [],
    session: { ...firstSession },
    refundsFail: false,
    createFails: false,
    clearRecords() {
      standIn.requests.length = 0;
      standIn.refunds.length = 0;
      standIn.sessions.length = 0;
      standIn.expiries.length = 0;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  return standIn;
}
