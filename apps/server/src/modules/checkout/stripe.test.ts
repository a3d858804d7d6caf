import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { buildApp } from '../../app';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { notifications, payments } from '../../db/schema';
import type { StripeSettings } from '../../adapters/payments/stripe';
import { checkoutMessages } from '@pricehub/shared/schemas/checkout';
import { ADDRESS, addProduct, caller, createSellerWithStore, productState } from './testing';

/** A stand-in for api.stripe.com on 127.0.0.1: records what the real SDK sends and answers like Stripe. */
const received: { method: string; path: string; body: URLSearchParams; idempotencyKey?: string }[] = [];
let sessionState: { payment_status: 'unpaid' | 'paid'; status: 'open' | 'complete' | 'expired' } = {
  payment_status: 'unpaid',
  status: 'open',
};
let refundsFail = false;
let createFails = false;
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
const stand_in: Server = createServer(async (req, res) => {
  const body = new URLSearchParams(await readBody(req));
  received.push({
    method: req.method!,
    path: req.url!,
    body,
    idempotencyKey: req.headers['idempotency-key'] as string | undefined,
  });
  res.setHeader('content-type', 'application/json');
  const id = 'cs_test_standin_1';
  if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
    if (createFails) {
      res.statusCode = 400;
      return res.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', message: 'Upstream secret: acct_1Internal misconfigured' },
        }),
      );
    }
    return res.end(
      JSON.stringify({
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        ...sessionState,
      }),
    );
  }
  if (req.method === 'POST' && req.url === `/v1/checkout/sessions/${id}/expire`) {
    if (sessionState.status === 'complete') {
      res.statusCode = 400;
      return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Session is complete' } }));
    }
    sessionState = { ...sessionState, status: 'expired' };
    return res.end(JSON.stringify({ id, object: 'checkout.session', ...sessionState }));
  }
  if (req.method === 'GET' && req.url?.startsWith(`/v1/checkout/sessions/${id}`)) {
    return res.end(
      JSON.stringify({ id, object: 'checkout.session', payment_intent: 'pi_test_standin', ...sessionState }),
    );
  }
  if (req.method === 'POST' && req.url === '/v1/refunds') {
    if (refundsFail) {
      res.statusCode = 400;
      return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'charge already refunded' } }));
    }
    return res.end(
      JSON.stringify({ id: 're_test_1', object: 'refund', status: 'succeeded', amount: Number(body.get('amount')) }),
    );
  }
  res.statusCode = 404;
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown path' } }));
});
await new Promise<void>((resolve) => stand_in.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => stand_in.close(() => resolve())));

const WEBHOOK_SECRET = 'whsec_test_secret_for_pricehub';
const settings: StripeSettings = {
  secretKey: 'sk_test_pricehub',
  webhookSecret: WEBHOOK_SECRET,
  apiBase: `http://127.0.0.1:${(stand_in.address() as AddressInfo).port}`,
};
const t = await buildTestApp({ stripe: settings as Config['stripe'], publicUrl: 'https://shop.example.test' });
const call = caller(t);
const stripe = new Stripe('sk_test_unused');

// The same app with its error log captured, to see what reaches the log rather than the client.
const logLines: string[] = [];
const logged = await buildApp(t.ctx, {
  loggerInstance: pino(
    { level: 'error' },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  ),
});
await logged.ready();
afterAll(() => logged.close());

const startCheckout = async () => {
  const shopper = await createCustomer(t);
  const a = await createSellerWithStore(t);
  const b = await createSellerWithStore(t);
  const pa = await addProduct(t, a.storeId, { price: 1_000_00, quantity: 3 });
  const pb = await addProduct(t, b.storeId, { price: 2_000_00, quantity: 3 });
  await call('POST', '/api/cart/items', shopper.cookie, { productId: pa });
  await call('POST', '/api/cart/items', shopper.cookie, { productId: pb });
  const res = await call('POST', '/api/checkout', shopper.cookie, {
    paymentMethod: 'online',
    shippingAddress: ADDRESS,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { shopper, a, b, pa, pb, body: res.json() };
};

const webhook = (event: object, secret = WEBHOOK_SECRET, app = t.app) => {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
};
// A startCheckout() payment is Rs 3,100 (Rs 1,000 + Rs 2,000, each with Rs 50 delivery).
const completed = (
  paymentId: string,
  session: { id?: string; amount_total?: number; currency?: string; type?: string } = {},
) => ({
  id: `evt_${paymentId}`,
  object: 'event',
  type: session.type ?? 'checkout.session.completed',
  data: {
    object: {
      id: session.id ?? 'cs_test_standin_1',
      object: 'checkout.session',
      payment_status: session.type === 'checkout.session.expired' ? 'unpaid' : 'paid',
      amount_total: session.amount_total ?? 3_100_00,
      currency: session.currency ?? 'pkr',
      client_reference_id: paymentId,
      metadata: { paymentId },
    },
  },
});

describe('Stripe Checkout', () => {
  it('creates a Checkout Session with the real SDK: one line per seller order, in paisa, and redirects to it', async () => {
    received.length = 0;
    const { body } = await startCheckout();
    expect(body.redirectUrl).toBe('https://checkout.stripe.test/c/pay/cs_test_standin_1');
    const create = received.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(create.body.get('mode')).toBe('payment');
    expect(create.body.get('metadata[paymentId]')).toBe(body.paymentId);
    expect(create.body.get('client_reference_id')).toBe(body.paymentId);
    expect(create.body.get('line_items[0][price_data][currency]')).toBe('pkr');
    const amounts = [
      create.body.get('line_items[0][price_data][unit_amount]'),
      create.body.get('line_items[1][price_data][unit_amount]'),
    ];
    expect(amounts.map(Number).sort((x, y) => x - y)).toEqual([1_050_00, 2_050_00]);
    expect(create.body.get('success_url')).toBe(`https://shop.example.test/checkout-success?payment=${body.paymentId}`);
    expect(create.idempotencyKey).toBe(`checkout-${body.paymentId}`);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(payment).toMatchObject({
      provider: 'stripe',
      providerRef: 'cs_test_standin_1',
      status: 'pending',
      amount: 3_100_00,
    });
  });

  it('marks the payment and both orders paid on a signed webhook, and a replay changes nothing', async () => {
    const { shopper, a, body } = await startCheckout();
    const first = await webhook(completed(body.paymentId));
    expect(first.statusCode, first.body).toBe(200);
    const orders = (await call('GET', '/api/orders', shopper.cookie)).json().orders;
    expect(
      orders
        .filter((o: { paymentId: string }) => o.paymentId === body.paymentId)
        .map((o: { paymentStatus: string }) => o.paymentStatus),
    ).toEqual(['paid', 'paid']);
    expect((await call('GET', '/api/cart', shopper.cookie)).json().count).toBe(0);
    const notesAfterFirst = await t.ctx.db.select().from(notifications).where(eq(notifications.storeId, a.storeId));
    expect(notesAfterFirst).toHaveLength(1);

    const replay = await webhook(completed(body.paymentId));
    expect(replay.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.storeId, a.storeId))).toHaveLength(1);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(payment!.status).toBe('paid');
  });

  it('refuses a webhook with a wrong or missing signature and changes nothing', async () => {
    const { body, pa } = await startCheckout();
    const forged = await webhook(completed(body.paymentId), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed(body.paymentId)),
    });
    expect(unsigned.statusCode).toBe(400);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(payment!.status).toBe('pending');
    expect(await productState(t, pa)).toMatchObject({ quantity: 2 });
  });

  it('after 30 minutes, expires the session at Stripe and releases the stock', async () => {
    sessionState = { payment_status: 'unpaid', status: 'open' };
    const { shopper, pa, pb, body } = await startCheckout();
    received.length = 0;
    const { releaseExpiredPayments } = await import('./payments');
    t.setNow(new Date(Date.now() + 31 * 60_000));
    try {
      await releaseExpiredPayments(t.ctx);
    } finally {
      t.setNow(new Date());
    }
    expect(received.some((r) => r.path === '/v1/checkout/sessions/cs_test_standin_1/expire')).toBe(true);
    expect(await productState(t, pa)).toMatchObject({ quantity: 3, unitsSold: 0 });
    expect(await productState(t, pb)).toMatchObject({ quantity: 3, unitsSold: 0 });
    expect((await call('GET', `/api/payments/${body.paymentId}`, shopper.cookie)).json().status).toBe('expired');
  });

  it('a session paid in its last seconds is marked paid instead of released', async () => {
    const { shopper, pa, body } = await startCheckout();
    sessionState = { payment_status: 'paid', status: 'complete' };
    const { releaseExpiredPayments } = await import('./payments');
    t.setNow(new Date(Date.now() + 31 * 60_000));
    try {
      await releaseExpiredPayments(t.ctx);
    } finally {
      t.setNow(new Date());
      sessionState = { payment_status: 'unpaid', status: 'open' };
    }
    expect(await productState(t, pa)).toMatchObject({ quantity: 2, unitsSold: 1 });
    expect((await call('GET', `/api/payments/${body.paymentId}`, shopper.cookie)).json().status).toBe('paid');
  });

  it('cancelling a card-paid order refunds that order’s total through Stripe; a failed refund cancels nothing', async () => {
    const { shopper, pa, body } = await startCheckout();
    await webhook(completed(body.paymentId));
    const [first, second] = body.orders as { orderId: string; total: number }[];

    refundsFail = true;
    try {
      const failed = await call('POST', `/api/orders/${first!.orderId}/cancel`, shopper.cookie);
      expect(failed.statusCode).toBe(502);
      expect((await call('GET', `/api/orders/${first!.orderId}`, shopper.cookie)).json().status).toBe('Booked');
    } finally {
      refundsFail = false;
    }

    received.length = 0;
    const res = await call('POST', `/api/orders/${first!.orderId}/cancel`, shopper.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'Cancelled', paymentStatus: 'refunded' });
    const refund = received.find((r) => r.path === '/v1/refunds')!;
    expect(refund.body.get('payment_intent')).toBe('pi_test_standin');
    expect(Number(refund.body.get('amount'))).toBe(first!.total);
    expect(refund.idempotencyKey).toBe(`refund-${first!.orderId}`);
    expect((await call('GET', `/api/orders/${second!.orderId}`, shopper.cookie)).json().paymentStatus).toBe('paid');
    // The first order is the first seller's (cart order), whose product goes back on the shelf.
    expect(await productState(t, pa)).toMatchObject({ quantity: 3, unitsSold: 0 });
  });
});

describe('Stripe hardening', () => {
  it('does not mark paid a signed session whose amount, currency or session id differs from the payment, and logs it', async () => {
    const { shopper, pa, body } = await startCheckout();
    logLines.length = 0;
    const forged = [
      { amount_total: 1_00 },
      { amount_total: 3_100_01 },
      { currency: 'usd' },
      { id: 'cs_test_someone_elses' },
      { id: 'cs_test_someone_elses', type: 'checkout.session.expired' },
    ];
    for (const session of forged) {
      const res = await webhook(completed(body.paymentId, session), WEBHOOK_SECRET, logged);
      // Acknowledged, so Stripe does not retry what would be refused again.
      expect(res.statusCode, res.body).toBe(200);
    }
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(payment!.status).toBe('pending');
    expect(await productState(t, pa)).toMatchObject({ quantity: 2 });
    const orders = (await call('GET', '/api/orders', shopper.cookie)).json().orders;
    expect(
      orders
        .filter((o: { paymentId: string }) => o.paymentId === body.paymentId)
        .map((o: { paymentStatus: string }) => o.paymentStatus),
    ).toEqual(['pending', 'pending']);
    const refused = logLines.filter((l) => l.includes('stripe webhook not applied'));
    expect(refused).toHaveLength(5);
    expect(refused.filter((l) => l.includes('amount differs'))).toHaveLength(3);
    expect(refused.every((l) => l.includes(body.paymentId))).toBe(true);

    // The genuine event still goes through.
    expect((await webhook(completed(body.paymentId), WEBHOOK_SECRET, logged)).statusCode).toBe(200);
    const [paid] = await t.ctx.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(paid!.status).toBe('paid');
  });

  it('answers a failed session with a generic message; Stripe’s error text goes only to the log', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const product = await addProduct(t, seller.storeId, { price: 1_000_00, quantity: 3 });
    const callLogged = caller({ ...t, app: logged });
    await callLogged('POST', '/api/cart/items', shopper.cookie, { productId: product });
    logLines.length = 0;
    createFails = true;
    let res;
    try {
      res = await callLogged('POST', '/api/checkout', shopper.cookie, {
        paymentMethod: 'online',
        shippingAddress: ADDRESS,
      });
    } finally {
      createFails = false;
    }
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: { code: 'PAYMENT_PROVIDER', message: checkoutMessages.onlineUnavailable },
    });
    expect(res.body).not.toMatch(/acct_1Internal|Upstream secret|invalid_request/);
    expect(logLines.join('')).toContain('Upstream secret: acct_1Internal misconfigured');
    // The stock held for it went back at once.
    expect(await productState(t, product)).toMatchObject({ quantity: 3 });
  });
});
