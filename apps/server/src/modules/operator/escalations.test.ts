import { afterAll, describe, expect, it } from 'vitest';
import { escalationMessages as m, type EscalationPage } from '@pricehub/shared/schemas/operator-escalations';
import type { Config } from '../../config';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, type TestUser } from '../../testing/factories';
import { startStripeStandIn } from '../../testing/stripe-stand-in';
import { markPaid } from '../orders/checkout/payments';
import { ADDRESS, addListing, caller, createSellerWithStore, type SellerWithStore } from '../../testing/shop';
import { createTestOperator } from './testing';

/** The real SDK talks to a stand-in for api.stripe.com, where the order's session is already paid. */
const stripe = await startStripeStandIn({
  sessionId: 'cs_test_escalation',
  paymentIntent: 'pi_test_escalation',
  webhookSecret: 'whsec_test_escalation',
  session: { payment_status: 'paid', status: 'complete' },
});
afterAll(() => stripe.close());

const t = await buildTestApp({ stripe: stripe.settings as Config['stripe'], publicUrl: 'https://shop.example.test' });
const call = caller(t);
const operator = await createTestOperator(t);

/** An order of Rs 1,000 (+ Rs 50 delivery), a complaint about it, and the seller's answer: Resolved. */
async function resolvedComplaint(paymentMethod: 'online' | 'cashOnDel') {
  const shopper = await createCustomer(t, { name: 'Sana Shopper' });
  const seller = await createSellerWithStore(t);
  const { listingId } = await addListing(t, seller.storeId, { price: 1_000_00, quantity: 4 });
  await call('POST', '/api/cart/items', shopper.cookie, { listingId, quantity: 1 });
  const res = await call('POST', '/api/checkout', shopper.cookie, { paymentMethod, shippingAddress: ADDRESS });
  expect(res.statusCode, res.body).toBe(201);
  const { paymentId, orders } = res.json();
  if (paymentMethod === 'online') expect(await markPaid(t.ctx, paymentId)).toBe(true);
  const orderId = orders[0].orderId as string;
  const filed = await call('POST', '/api/complaints', shopper.cookie, {
    orderId,
    subject: 'Screen arrived cracked',
    description: 'The screen was cracked when I opened the box.',
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const complaintId = filed.json().complaint.id as number;
  return { shopper, seller, orderId, complaintId };
}

async function resolve(seller: SellerWithStore, complaintId: number) {
  const res = await call('PUT', `/api/seller/complaints/${complaintId}`, seller.cookie, {
    status: 'Resolved',
    actionTaken: 'Told the customer to glue it',
  });
  expect(res.statusCode, res.body).toBe(200);
}

const escalate = (who: TestUser | SellerWithStore, complaintId: number, reason = 'Glue does not fix a screen') =>
  call('POST', `/api/complaints/${complaintId}/escalate`, who.cookie, { reason });

const auditFor = async (action: string, complaintId: number) =>
  (
    (await call('GET', `/api/operator/audit?action=${action}`, operator.cookie)).json().items as {
      target: { id: string };
      reason: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[]
  ).find((e) => e.target.id === String(complaintId));

describe('a customer escalates a complaint', () => {
  it('only once the seller has resolved it, only their own, and only once', async () => {
    const { shopper, seller, complaintId } = await resolvedComplaint('cashOnDel');
    const early = await escalate(shopper, complaintId);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(m.notResolved);
    await resolve(seller, complaintId);

    const stranger = await createCustomer(t);
    const notYours = await escalate(stranger, complaintId);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json().error.message).toBe(m.notFound);
    expect((await escalate(shopper, 999_999)).statusCode).toBe(404);
    expect((await escalate(seller, complaintId)).statusCode).toBe(403);
    expect((await escalate(shopper, complaintId, 'bad')).statusCode).toBe(400);

    const res = await escalate(shopper, complaintId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: m.escalated, escalation: { status: 'open' } });
    expect((await escalate(shopper, complaintId)).statusCode).toBe(409);
    // The customer's complaint page shows it; the seller is mailed.
    const mine = (await call('GET', '/api/complaints', shopper.cookie)).json().complaints;
    expect(mine[0]).toMatchObject({
      id: complaintId,
      escalation: { status: 'open', reason: 'Glue does not fix a screen' },
    });
    await t.flushMail();
    expect(t.mail.sent.find((x) => x.to === seller.email && /escalated/.test(x.subject))?.text).toContain(
      'Glue does not fix a screen',
    );
  });

  it('the operator sees it and closes it with a message to both sides', async () => {
    const { shopper, seller, complaintId, orderId } = await resolvedComplaint('cashOnDel');
    await resolve(seller, complaintId);
    expect((await escalate(shopper, complaintId)).statusCode).toBe(201);

    const page = (await call('GET', '/api/operator/escalations', operator.cookie)).json() as EscalationPage;
    const item = page.items.find((e) => e.complaintId === complaintId);
    expect(item).toMatchObject({
      status: 'open',
      order: { id: orderId, paymentMethod: 'cashOnDel', refundable: false },
      customer: { name: 'Sana Shopper' },
      complaint: { status: 'Resolved', actionTaken: 'Told the customer to glue it' },
    });
    // A cash order has nothing to refund through the provider.
    const refund = await call('POST', `/api/operator/escalations/${complaintId}/refund`, operator.cookie, {
      message: 'We refund you in full',
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error.message).toBe(m.notRefundable);

    const res = await call('POST', `/api/operator/escalations/${complaintId}/close`, operator.cookie, {
      message: 'The seller will replace the screen this week.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: m.closed, item: { status: 'closed' } });
    expect(
      (
        await call('POST', `/api/operator/escalations/${complaintId}/close`, operator.cookie, {
          message: 'Again and again',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      ((await call('GET', '/api/operator/escalations', operator.cookie)).json() as EscalationPage).items.map(
        (e) => e.complaintId,
      ),
    ).not.toContain(complaintId);
    expect(
      (
        (await call('GET', '/api/operator/escalations?status=done', operator.cookie)).json() as EscalationPage
      ).items.map((e) => e.complaintId),
    ).toContain(complaintId);
    expect((await call('GET', '/api/complaints', shopper.cookie)).json().complaints[0].escalation).toMatchObject({
      status: 'closed',
      resolution: 'The seller will replace the screen this week.',
    });
    expect(await auditFor('escalation.close', complaintId)).toMatchObject({
      reason: 'The seller will replace the screen this week.',
      before: { status: 'open' },
      after: { status: 'closed' },
    });
    await t.flushMail();
    for (const to of [shopper.email, seller.email]) {
      expect(t.mail.sent.find((x) => x.to === to && /escalated complaint/.test(x.subject))?.text).toContain(
        'The seller will replace the screen this week.',
      );
    }
  });

  it('answers 404 to the operator for a complaint that was never escalated, and 403 to customers', async () => {
    const { shopper, complaintId } = await resolvedComplaint('cashOnDel');
    expect(
      (
        await call('POST', `/api/operator/escalations/${complaintId}/close`, operator.cookie, {
          message: 'Nothing here',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/operator/escalations', shopper.cookie)).statusCode).toBe(403);
  });
});

describe('the operator refunds an escalated card order through Stripe', () => {
  it('refunds the total once, marks the order refunded, tells both sides and audits it', async () => {
    const { shopper, seller, complaintId, orderId } = await resolvedComplaint('online');
    await resolve(seller, complaintId);
    expect((await escalate(shopper, complaintId)).statusCode).toBe(201);
    stripe.clearRecords();
    const tooMuch = await call('POST', `/api/operator/escalations/${complaintId}/refund`, operator.cookie, {
      message: 'Refunding you',
      amount: 5_000_00,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(stripe.refunds).toEqual([]);

    const res = await call('POST', `/api/operator/escalations/${complaintId}/refund`, operator.cookie, {
      message: 'We are sorry; here is your money back.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.refunds).toEqual([
      { paymentIntent: 'pi_test_escalation', amount: 1_050_00, idempotencyKey: `escalation-${complaintId}` },
    ]);
    expect(res.json().item).toMatchObject({ status: 'refunded', refundAmount: 1_050_00, order: { refundable: false } });
    expect((await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json().paymentStatus).toBe('refunded');
    expect(await auditFor('escalation.refund', complaintId)).toMatchObject({
      before: { status: 'open', paymentStatus: 'paid' },
      after: { status: 'refunded', paymentStatus: 'refunded', refundAmount: 1_050_00 },
    });
    await t.flushMail();
    expect(t.mail.sent.find((x) => x.to === shopper.email && /escalated complaint/.test(x.subject))?.text).toContain(
      'refunded Rs 1,050',
    );
    expect(t.mail.sent.some((x) => x.to === seller.email && /escalated complaint/.test(x.subject))).toBe(true);
  });

  it('keeps the escalation open and the order paid when Stripe refuses', async () => {
    const { shopper, seller, complaintId, orderId } = await resolvedComplaint('online');
    await resolve(seller, complaintId);
    expect((await escalate(shopper, complaintId)).statusCode).toBe(201);
    stripe.refundsFail = true;
    try {
      const res = await call('POST', `/api/operator/escalations/${complaintId}/refund`, operator.cookie, {
        message: 'Refunding part of it',
        amount: 500_00,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(m.refundFailed);
    } finally {
      stripe.refundsFail = false;
    }
    expect((await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json().paymentStatus).toBe('paid');
    expect((await call('GET', '/api/complaints', shopper.cookie)).json().complaints[0].escalation.status).toBe('open');
    expect(await auditFor('escalation.refund', complaintId)).toBeUndefined();

    const retry = await call('POST', `/api/operator/escalations/${complaintId}/refund`, operator.cookie, {
      message: 'Refunding part of it',
      amount: 500_00,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 500_00 });
  });
});
