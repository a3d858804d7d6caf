import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { returnMessages } from '@pricehub/shared/schemas/return';
import type { Config } from '../../config';
import type { StripeSettings } from '../../adapters/payments/stripe';
import { mailOutbox } from '../../db/schema';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { markPaid } from '../checkout/payments';
import { ADDRESS, addListing, caller, createSellerWithStore, productState } from '../checkout/testing';

/** A stand-in for api.stripe.com on 127.0.0.1: the real SDK talks to it; it records refunds and can refuse them. */
const refunds: { paymentIntent: string | null; amount: number; idempotencyKey?: string }[] = [];
let refundsFail = false;
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
const standIn: Server = createServer(async (req, res) => {
  const body = new URLSearchParams(await readBody(req));
  res.setHeader('content-type', 'application/json');
  const session = { id: 'cs_test_returns', object: 'checkout.session', payment_status: 'paid', status: 'complete' };
  if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
    return res.end(
      JSON.stringify({ ...session, payment_status: 'unpaid', status: 'open', url: 'https://stripe.test/c' }),
    );
  }
  if (req.method === 'GET' && req.url?.startsWith('/v1/checkout/sessions/cs_test_returns')) {
    return res.end(JSON.stringify({ ...session, payment_intent: 'pi_test_returns' }));
  }
  if (req.method === 'POST' && req.url === '/v1/refunds') {
    if (refundsFail) {
      res.statusCode = 400;
      return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'charge already refunded' } }));
    }
    refunds.push({
      paymentIntent: body.get('payment_intent'),
      amount: Number(body.get('amount')),
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    return res.end(JSON.stringify({ id: 're_test_1', object: 'refund', status: 'succeeded' }));
  }
  res.statusCode = 404;
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown path' } }));
});
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

const settings: StripeSettings = {
  secretKey: 'sk_test_pricehub',
  webhookSecret: 'whsec_test_returns',
  apiBase: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
};
const t = await buildTestApp({ stripe: settings as Config['stripe'] });
const call = caller(t);

/** A card order of 2 × Rs 1,000 (+ Rs 50 delivery), paid through Stripe, Completed, and a return asked for. */
async function returnedCardOrder() {
  const shopper = await createCustomer(t);
  const seller = await createSellerWithStore(t);
  const { listingId } = await addListing(t, seller.storeId, { price: 1_000_00, quantity: 4 });
  await call('POST', '/api/cart/items', shopper.cookie, { listingId, quantity: 2 });
  const res = await call('POST', '/api/checkout', shopper.cookie, {
    paymentMethod: 'online',
    shippingAddress: ADDRESS,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { paymentId, orders } = res.json();
  // What the signed checkout.session.completed webhook does (stripe.test.ts covers the webhook itself).
  expect(await markPaid(t.ctx, paymentId)).toBe(true);
  const orderId = orders[0].orderId as string;
  expect(
    (await call('PUT', `/api/seller/orders/${orderId}/status`, seller.cookie, { status: 'Completed' })).statusCode,
  ).toBe(200);
  const asked = await call('POST', `/api/orders/${orderId}/returns`, shopper.cookie, { reason: 'Wrong colour' });
  expect(asked.statusCode, asked.body).toBe(201);
  return { shopper, seller, listingId, orderId, returnId: asked.json().return.id as number };
}

describe('accepting the return of a card payment', () => {
  it('refunds the order’s total through Stripe, once, and marks the order refunded', async () => {
    const { shopper, seller, listingId, orderId, returnId } = await returnedCardOrder();
    refunds.length = 0;
    const res = await call('PUT', `/api/seller/returns/${returnId}`, seller.cookie, { decision: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(refunds).toEqual([
      { paymentIntent: 'pi_test_returns', amount: 2_050_00, idempotencyKey: `return-${returnId}` },
    ]);
    expect(res.json().return).toMatchObject({ status: 'Accepted', refundAmount: 2_050_00 });
    expect((await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json().paymentStatus).toBe('refunded');
    expect(await productState(t, listingId)).toMatchObject({ quantity: 4, unitsSold: 0 });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    expect(mails.find((m) => m.subject.includes('was accepted'))!.text).toContain(
      'Refund: Rs 2,050 (to the card you paid with)',
    );
  });

  it('keeps the return open and changes nothing when Stripe refuses the refund', async () => {
    const { shopper, seller, listingId, orderId, returnId } = await returnedCardOrder();
    refundsFail = true;
    try {
      const res = await call('PUT', `/api/seller/returns/${returnId}`, seller.cookie, { decision: 'accept' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(returnMessages.refundFailed);
    } finally {
      refundsFail = false;
    }
    expect(await productState(t, listingId)).toMatchObject({ quantity: 2, unitsSold: 2 });
    expect((await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json().paymentStatus).toBe('paid');
    const list = (await call('GET', '/api/seller/returns', seller.cookie)).json().returns;
    expect(list[0]).toMatchObject({ id: returnId, status: 'Requested' });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    expect(mails.filter((m) => m.subject.includes('was accepted'))).toEqual([]);

    const retry = await call('PUT', `/api/seller/returns/${returnId}`, seller.cookie, { decision: 'accept' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await productState(t, listingId)).toMatchObject({ quantity: 4 });
  });
});
