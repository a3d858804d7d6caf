import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../config';
import { paymentGateways } from '../../../adapters/payments/gateway';
import { buildApp } from '../../../app';
import { buildTestApp } from '../../../testing/test-app';
import { createCustomer } from '../../../testing/factories';
import { startStripeStandIn } from '../../../testing/stripe-stand-in';
import { mailOutbox, notifications, payments } from '../../../db/schema';
import { checkoutMessages } from '@pricehub/shared/schemas/checkout';
import { orderMessages, type OrderView } from '@pricehub/shared/schemas/order';
import { releaseExpiredPayments, type PaymentLog } from './settlement';
import { ADDRESS, addProduct, caller, createSellerWithStore, productState } from '../../../testing/shop';

/** A log for calls made outside a request; `lines` keeps what was written. */
const jobLog = () => {
  const lines: string[] = [];
  const keep = (details: object, message: string) => lines.push(`${message} ${JSON.stringify(details)}`);
  return { lines, error: keep, warn: keep } satisfies PaymentLog & { lines: string[] };
};
const quiet = jobLog();

const WEBHOOK_SECRET = 'whsec_test_secret_for_pricehub';
/** The real SDK talks to a stand-in for api.stripe.com; each test sets the session's state it needs. */
const standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
afterAll(() => standIn.close());
const t = await buildTestApp({ stripe: standIn.settings as Config['stripe'], publicUrl: 'https://shop.example.test' });
const call = caller(t);
const stripe = new Stripe('sk_test_unused');

// The same app with its error log captured, to see what reaches the log rather than the client.
const logLines: string[] = [];
const logged = await buildApp(t.ctx, {
  loggerInstance: pino(
    { level: 'warn' },
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

/** The payment row as stored. */
const paymentOf = async (paymentId: string) =>
  (await t.ctx.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
/** The shopper's orders of one checkout, as GET /api/orders answers them. */
const ordersOf = async (shopper: { cookie: string }, paymentId: string) =>
  ((await call('GET', '/api/orders', shopper.cookie)).json().orders as OrderView[]).filter(
    (o) => o.paymentId === paymentId,
  );
/** Runs the expiry job 31 minutes on, past a checkout's 30 minutes to pay, and puts the clock back. */
const releaseAfterExpiry = async (log: PaymentLog = quiet) => {
  t.setNow(new Date(Date.now() + 31 * 60_000));
  try {
    await releaseExpiredPayments(t.ctx, log);
  } finally {
    t.setNow(new Date());
  }
};

describe('Stripe Checkout', () => {
  it('creates a Checkout Session with the real SDK: one line per seller order, in paisa, and redirects to it', async () => {
    standIn.clearRecords();
    const { body } = await startCheckout();
    expect(body.redirectUrl).toBe('https://checkout.stripe.test/c/pay/cs_test_standin_1');
    const create = standIn.requests.find((r) => r.path === '/v1/checkout/sessions')!;
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
    const payment = await paymentOf(body.paymentId);
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
    expect((await ordersOf(shopper, body.paymentId)).map((o) => o.paymentStatus)).toEqual(['paid', 'paid']);
    expect((await call('GET', '/api/cart', shopper.cookie)).json().count).toBe(0);
    const notesAfterFirst = await t.ctx.db.select().from(notifications).where(eq(notifications.storeId, a.storeId));
    expect(notesAfterFirst).toHaveLength(1);

    const replay = await webhook(completed(body.paymentId));
    expect(replay.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.storeId, a.storeId))).toHaveLength(1);
    const payment = await paymentOf(body.paymentId);
    expect(payment.status).toBe('paid');
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
    const payment = await paymentOf(body.paymentId);
    expect(payment.status).toBe('pending');
    expect(await productState(t, pa)).toMatchObject({ quantity: 2 });
  });

  it('after 30 minutes, expires the session at Stripe and releases the stock', async () => {
    standIn.session = { payment_status: 'unpaid', status: 'open' };
    const { shopper, pa, pb, body } = await startCheckout();
    standIn.clearRecords();
    await releaseAfterExpiry();
    expect(standIn.requests.some((r) => r.path === '/v1/checkout/sessions/cs_test_standin_1/expire')).toBe(true);
    expect(await productState(t, pa)).toMatchObject({ quantity: 3, unitsSold: 0 });
    expect(await productState(t, pb)).toMatchObject({ quantity: 3, unitsSold: 0 });
    expect((await call('GET', `/api/payments/${body.paymentId}`, shopper.cookie)).json().status).toBe('expired');
  });

  it('a session paid in its last seconds is marked paid instead of released', async () => {
    const { shopper, pa, body } = await startCheckout();
    standIn.session = { payment_status: 'paid', status: 'complete' };
    try {
      await releaseAfterExpiry();
    } finally {
      standIn.session = { payment_status: 'unpaid', status: 'open' };
    }
    expect(await productState(t, pa)).toMatchObject({ quantity: 2, unitsSold: 1 });
    expect((await call('GET', `/api/payments/${body.paymentId}`, shopper.cookie)).json().status).toBe('paid');
  });

  it('cancelling a card-paid order refunds that order’s total through Stripe; a failed refund cancels nothing', async () => {
    const { shopper, pa, body } = await startCheckout();
    await webhook(completed(body.paymentId));
    const [first, second] = body.orders as { orderId: string; total: number }[];

    standIn.refundsFail = true;
    try {
      const failed = await call('POST', `/api/orders/${first!.orderId}/cancel`, shopper.cookie);
      expect(failed.statusCode).toBe(502);
      expect((await call('GET', `/api/orders/${first!.orderId}`, shopper.cookie)).json().status).toBe('Booked');
    } finally {
      standIn.refundsFail = false;
    }

    standIn.clearRecords();
    const res = await call('POST', `/api/orders/${first!.orderId}/cancel`, shopper.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'Cancelled', paymentStatus: 'refunded' });
    const refund = standIn.requests.find((r) => r.path === '/v1/refunds')!;
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
    const payment = await paymentOf(body.paymentId);
    expect(payment.status).toBe('pending');
    expect(await productState(t, pa)).toMatchObject({ quantity: 2 });
    expect((await ordersOf(shopper, body.paymentId)).map((o) => o.paymentStatus)).toEqual(['pending', 'pending']);
    const refused = logLines.filter((l) => l.includes('stripe webhook not applied'));
    expect(refused).toHaveLength(5);
    expect(refused.filter((l) => l.includes('amount differs'))).toHaveLength(3);
    expect(refused.every((l) => l.includes(body.paymentId))).toBe(true);

    // The genuine event still goes through.
    expect((await webhook(completed(body.paymentId), WEBHOOK_SECRET, logged)).statusCode).toBe(200);
    expect((await paymentOf(body.paymentId)).status).toBe('paid');
  });

  it('answers a failed session with a generic message; Stripe’s error text goes only to the log', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const product = await addProduct(t, seller.storeId, { price: 1_000_00, quantity: 3 });
    const callLogged = caller({ ...t, app: logged });
    await callLogged('POST', '/api/cart/items', shopper.cookie, { productId: product });
    logLines.length = 0;
    standIn.createFails = true;
    let res;
    try {
      res = await callLogged('POST', '/api/checkout', shopper.cookie, {
        paymentMethod: 'online',
        shippingAddress: ADDRESS,
      });
    } finally {
      standIn.createFails = false;
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

describe('stock hoarding and late payments (Stripe)', () => {
  it('cancelling an unpaid online order expires its Stripe session and releases the whole checkout', async () => {
    standIn.session = { payment_status: 'unpaid', status: 'open' };
    const { shopper, pa, pb, body } = await startCheckout();
    const [first, second] = body.orders as { orderId: string }[];
    standIn.clearRecords();
    const res = await call('POST', `/api/orders/${first!.orderId}/cancel`, shopper.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(orderMessages.unpaidCheckoutCancelled([second!.orderId]));
    // The session is closed at Stripe, so the payment page cannot take money any more.
    expect(standIn.requests.filter((r) => r.path === '/v1/checkout/sessions/cs_test_standin_1/expire')).toHaveLength(1);
    expect(standIn.requests.some((r) => r.path === '/v1/refunds')).toBe(false);
    expect((await paymentOf(body.paymentId)).status).toBe('expired');
    expect((await ordersOf(shopper, body.paymentId)).map((o) => [o.status, o.paymentStatus])).toEqual([
      ['Cancelled', 'expired'],
      ['Cancelled', 'expired'],
    ]);
    expect(await productState(t, pa)).toMatchObject({ quantity: 3, unitsSold: 0 });
    expect(await productState(t, pb)).toMatchObject({ quantity: 3, unitsSold: 0 });
  });

  it('leaves the order open, with a generic message, when Stripe cannot be reached to close the session', async () => {
    standIn.session = { payment_status: 'unpaid', status: 'open' };
    const { shopper, pa, body } = await startCheckout();
    const gateways = t.ctx.payments;
    // A Stripe that is down: nothing listens there.
    t.ctx.payments = paymentGateways({
      ...t.ctx.config,
      stripe: { ...standIn.settings, apiBase: 'http://127.0.0.1:9' },
    });
    let res;
    try {
      res = await call('POST', `/api/orders/${body.orders[0].orderId}/cancel`, shopper.cookie);
    } finally {
      t.ctx.payments = gateways;
    }
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(orderMessages.cancelFailed);
    expect((await paymentOf(body.paymentId)).status).toBe('pending');
    expect(await productState(t, pa)).toMatchObject({ quantity: 2 });
  }, 60_000);

  it('refunds, logs and mails a payment that arrives after its orders were cancelled; a replay refunds nothing more', async () => {
    standIn.session = { payment_status: 'unpaid', status: 'open' };
    const { shopper, pa, body } = await startCheckout();
    expect((await call('POST', `/api/orders/${body.orders[0].orderId}/cancel`, shopper.cookie)).statusCode).toBe(200);
    standIn.clearRecords();
    logLines.length = 0;
    // The shopper's card went through at the same moment: Stripe reports the session paid.
    const late = await webhook(completed(body.paymentId), WEBHOOK_SECRET, logged);
    expect(late.statusCode, late.body).toBe(200);
    const refunds = standIn.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(Number(refunds[0]!.body.get('amount'))).toBe(3_100_00);
    expect(refunds[0]!.idempotencyKey).toBe(`late-refund-${body.paymentId}`);
    expect((await paymentOf(body.paymentId)).status).toBe('refunded');
    // The orders stay cancelled and never paid (their sellers never saw them); the stock went back once.
    expect((await ordersOf(shopper, body.paymentId)).map((o) => o.status)).toEqual(['Cancelled', 'Cancelled']);
    expect(await productState(t, pa)).toMatchObject({ quantity: 3, unitsSold: 0 });
    expect(logLines.join('')).toContain('payment arrived for orders no longer waiting for it: refunded');
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    expect(mails.filter((m) => m.subject === 'Your PriceHub payment of Rs 3,100 is refunded')).toHaveLength(1);
    const refundNotices = async () =>
      ((await call('GET', '/api/notifications', shopper.cookie)).json().notifications as { kind: string }[]).filter(
        (n) => n.kind === 'payment_refunded',
      );
    expect(await refundNotices()).toEqual([
      expect.objectContaining({
        title: 'Your payment of Rs 3,100 is refunded',
        link: `/orders/${body.orders[0].orderId}`,
        body: expect.stringContaining(`${body.orders[0].orderId}, ${body.orders[1].orderId} had been cancelled`),
      }),
    ]);

    expect((await webhook(completed(body.paymentId))).statusCode).toBe(200);
    expect(standIn.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    expect(await refundNotices()).toHaveLength(1);
  });

  it('answers a late payment whose refund Stripe refuses with an error, so that Stripe sends it again', async () => {
    standIn.session = { payment_status: 'unpaid', status: 'open' };
    const { shopper, body } = await startCheckout();
    await call('POST', `/api/orders/${body.orders[0].orderId}/cancel`, shopper.cookie);
    logLines.length = 0;
    standIn.refundsFail = true;
    let res;
    try {
      res = await webhook(completed(body.paymentId), WEBHOOK_SECRET, logged);
    } finally {
      standIn.refundsFail = false;
    }
    expect(res.statusCode).toBe(502);
    expect(res.body).not.toContain('charge already refunded');
    expect(logLines.join('')).toContain('charge already refunded');
    expect((await paymentOf(body.paymentId)).status).toBe('expired');
    // Nothing was refunded, so the customer is told nothing yet.
    const notices = async () => (await call('GET', '/api/notifications', shopper.cookie)).json().total;
    expect(await notices()).toBe(0);
    // Stripe's retry goes through.
    expect((await webhook(completed(body.paymentId))).statusCode).toBe(200);
    expect((await paymentOf(body.paymentId)).status).toBe('refunded');
    expect(await notices()).toBe(1);
  });

  it('a customer who paid just before cancelling gets the order cancelled and refunded, the other order paid', async () => {
    const { shopper, pa, body } = await startCheckout();
    const [first, second] = body.orders as { orderId: string; total: number }[];
    // Paid at Stripe, the webhook not yet here: closing the session finds it complete.
    standIn.session = { payment_status: 'paid', status: 'complete' };
    standIn.clearRecords();
    let res;
    try {
      res = await call('POST', `/api/orders/${first!.orderId}/cancel`, shopper.cookie);
    } finally {
      standIn.session = { payment_status: 'unpaid', status: 'open' };
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'Cancelled', paymentStatus: 'refunded' });
    const refund = standIn.requests.find((r) => r.path === '/v1/refunds')!;
    expect(Number(refund.body.get('amount'))).toBe(first!.total);
    expect(refund.idempotencyKey).toBe(`refund-${first!.orderId}`);
    expect((await call('GET', `/api/orders/${second!.orderId}`, shopper.cookie)).json()).toMatchObject({
      status: 'Booked',
      paymentStatus: 'paid',
    });
    expect(await productState(t, pa)).toMatchObject({ quantity: 3, unitsSold: 0 });
  });

  it('the expiry job marks nothing paid whose session collected another amount or currency: released and refunded', async () => {
    for (const wrong of [{ amount_total: 1_00 }, { currency: 'usd' }]) {
      const { shopper, pa, body } = await startCheckout();
      standIn.session = { payment_status: 'paid', status: 'complete', ...wrong };
      standIn.clearRecords();
      const log = jobLog();
      try {
        await releaseAfterExpiry(log);
      } finally {
        standIn.session = { payment_status: 'unpaid', status: 'open' };
      }
      const payment = await paymentOf(body.paymentId);
      expect(payment.status, JSON.stringify(wrong)).toBe('refunded');
      expect((await ordersOf(shopper, body.paymentId)).map((o) => o.paymentStatus)).toEqual(['expired', 'expired']);
      expect(await productState(t, pa)).toMatchObject({ quantity: 3, unitsSold: 0 });
      const refund = standIn.requests.find((r) => r.path === '/v1/refunds')!;
      expect(Number(refund.body.get('amount'))).toBe(wrong.amount_total ?? 3_100_00);
      expect(log.lines.some((l) => l.includes('paid a different amount') && l.includes(body.paymentId))).toBe(true);
    }
  });
});

describe('the expiry job and a refund Stripe refuses', () => {
  it('keeps a mismatched payment pending, its stock held, until the refund goes through on a later run', async () => {
    const { pa, body } = await startCheckout();
    standIn.session = { payment_status: 'paid', status: 'complete', amount_total: 5_00 };
    const run = async () => {
      const log = jobLog();
      await releaseAfterExpiry(log);
      return log;
    };
    standIn.refundsFail = true;
    let log;
    try {
      log = await run();
    } finally {
      standIn.refundsFail = false;
    }
    expect(log.lines.some((l) => l.includes('charge already refunded') && l.includes(body.paymentId))).toBe(true);
    const pending = await paymentOf(body.paymentId);
    expect(pending.status).toBe('pending');
    expect(await productState(t, pa)).toMatchObject({ quantity: 2 });

    standIn.clearRecords();
    try {
      await run();
    } finally {
      standIn.session = { payment_status: 'unpaid', status: 'open' };
    }
    const refunded = await paymentOf(body.paymentId);
    expect(refunded.status).toBe('refunded');
    expect(await productState(t, pa)).toMatchObject({ quantity: 3 });
    expect(standIn.requests.filter((r) => r.path === '/v1/refunds').map((r) => Number(r.body.get('amount')))).toContain(
      5_00,
    );
  });
});

describe('a seller rejecting an order paid through Stripe', () => {
  const paid = async () => {
    standIn.session = { payment_status: 'unpaid', status: 'open' };
    const started = await startCheckout();
    expect((await webhook(completed(started.body.paymentId))).statusCode).toBe(200);
    return started;
  };

  it('refunds that order’s total through Stripe and mails the customer the reason', async () => {
    const { shopper, a, pa, body } = await paid();
    const [first, second] = body.orders as { orderId: string; total: number }[];
    standIn.clearRecords();
    const res = await call('POST', `/api/seller/orders/${first!.orderId}/reject`, a.cookie, {
      reason: 'The last unit was damaged in our store',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'refunded',
      rejectionReason: 'The last unit was damaged in our store',
    });
    const refund = standIn.requests.find((r) => r.path === '/v1/refunds')!;
    expect(Number(refund.body.get('amount'))).toBe(first!.total);
    expect(refund.idempotencyKey).toBe(`refund-${first!.orderId}`);
    expect(await productState(t, pa)).toMatchObject({ quantity: 3, unitsSold: 0 });
    expect((await call('GET', `/api/orders/${second!.orderId}`, shopper.cookie)).json().paymentStatus).toBe('paid');
    const [mail] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `order-rejected:${first!.orderId}`));
    expect(mail!.to).toBe(shopper.email);
    expect(mail!.text).toContain('The last unit was damaged in our store');
    expect(mail!.text).toContain('refunded to your card');
  });

  it('keeps the order open when Stripe refuses the refund, logging Stripe’s reason but never sending it to the client', async () => {
    const { shopper, a, pa, body } = await paid();
    const orderId = body.orders[0].orderId as string;
    const callLogged = caller({ ...t, app: logged });
    for (const [who, url, payload] of [
      [a, `/api/seller/orders/${orderId}/reject`, { reason: 'Cannot deliver to this city' }],
      [shopper, `/api/orders/${orderId}/cancel`, undefined],
    ] as const) {
      logLines.length = 0;
      standIn.refundsFail = true;
      let res;
      try {
        res = await callLogged('POST', url, who.cookie, payload);
      } finally {
        standIn.refundsFail = false;
      }
      expect(res.statusCode, url).toBe(502);
      expect(res.json().error).toEqual({ code: 'PAYMENT_PROVIDER', message: orderMessages.refundFailed });
      expect(res.body).not.toContain('charge already refunded');
      const line = logLines.find((l) => l.includes('stripe refund refused'));
      expect(line, url).toBeDefined();
      expect(line).toContain('charge already refunded');
      expect(line).toContain(orderId);
    }
    expect((await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json()).toMatchObject({
      status: 'Booked',
      paymentStatus: 'paid',
      rejectionReason: null,
    });
    expect(await productState(t, pa)).toMatchObject({ quantity: 2, unitsSold: 1 });
  });
});
