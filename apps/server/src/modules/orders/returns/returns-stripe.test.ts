import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { returnMessages } from '@pricehub/shared/schemas/return';
import type { Config } from '../../../config';
import { mailOutbox } from '../../../db/schema';
import { buildTestApp } from '../../../testing/test-app';
import { createCustomer } from '../../../testing/factories';
import { startStripeStandIn } from '../../../testing/stripe-stand-in';
import { markPaid } from '../checkout/payments';
import { ADDRESS, addListing, caller, createSellerWithStore, productState } from '../../../testing/shop';

/** The real SDK talks to a stand-in for api.stripe.com, where the order's session is already paid. */
const stripe = await startStripeStandIn({
  sessionId: 'cs_test_returns',
  paymentIntent: 'pi_test_returns',
  webhookSecret: 'whsec_test_returns',
  session: { payment_status: 'paid', status: 'complete' },
});
afterAll(() => stripe.close());

const t = await buildTestApp({ stripe: stripe.settings as Config['stripe'] });
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
    stripe.clearRecords();
    const res = await call('PUT', `/api/seller/returns/${returnId}`, seller.cookie, { decision: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.refunds).toEqual([
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
    stripe.refundsFail = true;
    try {
      const res = await call('PUT', `/api/seller/returns/${returnId}`, seller.cookie, { decision: 'accept' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(returnMessages.refundFailed);
    } finally {
      stripe.refundsFail = false;
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
