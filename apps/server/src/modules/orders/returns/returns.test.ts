import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderMessages } from '@pricehub/shared/schemas/order';
import { returnMessages } from '@pricehub/shared/schemas/return';
import { buildTestApp } from '../../../testing/test-app';
import { createCustomer, type TestUser } from '../../../testing/factories';
import { queryRows } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import { rollUpUnitsSold } from '../../catalog/units-sold';
import { caller, createSellerWithStore, placeOrder, productState, type SellerWithStore } from '../../../testing/shop';

const t = await buildTestApp();
const call = caller(t);
const DAY = 24 * 60 * 60 * 1000;

const setStatus = (seller: SellerWithStore, orderId: string, status: string) =>
  call('PUT', `/api/seller/orders/${orderId}/status`, seller.cookie, { status });

/** An order the seller has Completed at `completedAt` (now, by default). */
async function completedOrder(opts: { quantity?: number; online?: boolean; completedAt?: Date } = {}) {
  const placed = await placeOrder(t, { quantity: opts.quantity, paymentMethod: opts.online ? 'online' : 'cashOnDel' });
  t.setNow(opts.completedAt ?? new Date());
  const done = await setStatus(placed.seller, placed.orderId, 'Completed');
  expect(done.statusCode, done.body).toBe(200);
  t.setNow(new Date());
  return placed;
}

const ask = (who: TestUser, orderId: string, reason: unknown = 'The screen flickers') =>
  call('POST', `/api/orders/${orderId}/returns`, who.cookie, { reason });
const decide = (seller: SellerWithStore, id: number, body: object) =>
  call('PUT', `/api/seller/returns/${id}`, seller.cookie, body);
const mailsTo = (to: string) => t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const order = async (who: TestUser, orderId: string) =>
  (await call('GET', `/api/orders/${orderId}`, who.cookie)).json();

describe('asking to return an order', () => {
  it('records the request, notifies the seller and mails both sides', async () => {
    const { shopper, seller, orderId } = await completedOrder();
    const res = await ask(shopper, orderId);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().return.id;
    expect(res.json()).toEqual({ message: returnMessages.requested, return: { id, status: 'Requested' } });

    const notes = (await call('GET', '/api/seller/notifications', seller.cookie)).json().notifications;
    expect(notes[0]).toMatchObject({
      orderId,
      message: `${returnMessages.newRequest}: ${orderId}`,
      product: 'Orbit Phone ×2',
      customer: 'Sana Khan',
      total: 650_00,
    });
    const toShopper = await mailsTo(shopper.email);
    expect(toShopper.map((m) => m.subject)).toContain(`Your return request for PriceHub order ${orderId}`);
    const toSeller = await mailsTo(seller.email);
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0]!.text).toContain('Reason: The screen flickers');

    const list = (await call('GET', '/api/seller/returns', seller.cookie)).json().returns;
    expect(list).toEqual([
      expect.objectContaining({
        id,
        orderId,
        status: 'Requested',
        reason: 'The screen flickers',
        refundAmount: null,
        decidedAt: null,
        order: expect.objectContaining({
          total: 650_00,
          paymentMethod: 'cashOnDel',
          customer: { name: 'Sana Khan' },
          lines: [{ name: 'Orbit Phone', quantity: 2 }],
        }),
      }),
    ]);
    const mine = (await call('GET', `/api/orders/${orderId}/returns`, shopper.cookie)).json();
    expect(mine).toMatchObject({ canRequest: false, message: null, returns: [{ id, status: 'Requested' }] });
  });

  it('needs a reason', async () => {
    const { shopper, orderId } = await completedOrder();
    for (const body of [{ reason: '' }, { reason: '   ' }, {}, { reason: 42 }]) {
      const res = await call('POST', `/api/orders/${orderId}/returns`, shopper.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(returnMessages.reasonRequired);
    }
    expect((await ask(shopper, orderId, 'x'.repeat(1001))).json().error.message).toBe(returnMessages.reasonTooLong);
    expect((await call('GET', `/api/orders/${orderId}/returns`, shopper.cookie)).json().returns).toEqual([]);
  });

  it('answers 409 unless the order is Completed', async () => {
    const { shopper, seller, orderId } = await placeOrder(t);
    const booked = await ask(shopper, orderId);
    expect(booked.statusCode).toBe(409);
    expect(booked.json().error.message).toBe(returnMessages.onlyCompleted);
    await setStatus(seller, orderId, 'Shipped');
    expect((await ask(shopper, orderId)).statusCode).toBe(409);
    const view = (await call('GET', `/api/orders/${orderId}/returns`, shopper.cookie)).json();
    expect(view).toEqual({ returns: [], canRequest: false, message: returnMessages.onlyCompleted, deadline: null });

    const cancelled = await placeOrder(t);
    await call('POST', `/api/orders/${cancelled.orderId}/cancel`, cancelled.shopper.cookie);
    expect((await ask(cancelled.shopper, cancelled.orderId)).json().error.message).toBe(returnMessages.onlyCompleted);
  });

  it('answers 409 more than 7 days after the order was Completed, and not before', async () => {
    const completedAt = new Date(Date.now() - 8 * DAY);
    const late = await completedOrder({ completedAt });
    const res = await ask(late.shopper, late.orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(returnMessages.windowClosed);
    const view = (await call('GET', `/api/orders/${late.orderId}/returns`, late.shopper.cookie)).json();
    expect(view).toMatchObject({ canRequest: false, message: returnMessages.windowClosed });
    expect(view.deadline).toBe(new Date(completedAt.getTime() + 7 * DAY).toISOString());

    const inTime = await completedOrder({ completedAt: new Date(Date.now() - 6 * DAY) });
    expect((await call('GET', `/api/orders/${inTime.orderId}/returns`, inTime.shopper.cookie)).json().canRequest).toBe(
      true,
    );
    expect((await ask(inTime.shopper, inTime.orderId)).statusCode).toBe(201);
  });

  it('keeps one open return per order: a second request is 409, and a refused one may be asked again', async () => {
    const { shopper, seller, orderId } = await completedOrder();
    const first = await ask(shopper, orderId);
    const again = await ask(shopper, orderId, 'Asking twice');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(returnMessages.alreadyRequested);
    const [a, b] = await Promise.all([ask(shopper, orderId), ask(shopper, orderId)]);
    expect([a.statusCode, b.statusCode]).toEqual([409, 409]);

    await decide(seller, first.json().return.id, { decision: 'refuse', reason: 'Box opened' });
    const retry = await ask(shopper, orderId, 'It really is broken');
    expect(retry.statusCode, retry.body).toBe(201);
    await decide(seller, retry.json().return.id, { decision: 'accept' });
    const afterAccept = await ask(shopper, orderId);
    expect(afterAccept.statusCode).toBe(409);
    expect(afterAccept.json().error.message).toBe(returnMessages.alreadyRequested);
  });

  it('answers 404 for another customer’s order, 403 to a seller and 401 to a visitor', async () => {
    const { orderId, seller } = await completedOrder();
    const stranger = await createCustomer(t);
    const res = await ask(stranger, orderId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(orderMessages.notFound);
    expect((await call('GET', `/api/orders/${orderId}/returns`, stranger.cookie)).statusCode).toBe(404);
    expect((await ask(stranger, 'SG99999999')).statusCode).toBe(404);
    expect((await ask(seller, orderId)).statusCode).toBe(403);
    expect((await call('POST', `/api/orders/${orderId}/returns`, undefined, { reason: 'x' })).statusCode).toBe(401);
    expect((await call('GET', '/api/seller/returns', seller.cookie)).json().returns).toEqual([]);
  });
});

describe('the seller’s decision', () => {
  it('accepting puts the items back on the shelf, marks a cash payment refunded and mails the customer', async () => {
    const { shopper, seller, orderId, listingId, productId } = await completedOrder({ quantity: 2 });
    expect(await productState(t, listingId)).toMatchObject({ quantity: 3, unitsSold: 2 });
    const id = (await ask(shopper, orderId)).json().return.id;

    const res = await decide(seller, id, { decision: 'accept', reason: 'Sorry about that' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: returnMessages.accepted,
      return: { id, status: 'Accepted', refundAmount: 650_00, decisionReason: 'Sorry about that' },
    });
    expect(res.json().return.decidedAt).toBeTruthy();
    expect(await productState(t, listingId)).toMatchObject({ quantity: 5, unitsSold: 0, stock: 'instock' });
    await rollUpUnitsSold(t.ctx.db);
    const [product] = await queryRows<{ in_stock: boolean; units_sold: number }>(
      t.ctx.db,
      sql`select in_stock, units_sold from products where id = ${productId}`,
    );
    expect(product).toEqual({ in_stock: true, units_sold: 0 });
    expect(await order(shopper, orderId)).toMatchObject({ status: 'Completed', paymentStatus: 'refunded' });

    const mail = (await mailsTo(shopper.email)).find((m) => m.subject.includes('was accepted'))!;
    expect(mail.text).toContain('Refund: Rs 650 (cash, handed back by the seller)');
    expect(mail.text).toContain('The seller adds: Sorry about that');

    const twice = await decide(seller, id, { decision: 'refuse', reason: 'Changed my mind' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(returnMessages.alreadyDecided);
    expect(await productState(t, listingId)).toMatchObject({ quantity: 5 });
  });

  it('accepting an order paid online through the test gateway marks it refunded', async () => {
    const { shopper, seller, orderId, listingId } = await completedOrder({ quantity: 1, online: true });
    expect(await order(shopper, orderId)).toMatchObject({ paymentStatus: 'paid' });
    const id = (await ask(shopper, orderId)).json().return.id;
    expect((await decide(seller, id, { decision: 'accept' })).statusCode).toBe(200);
    expect(await order(shopper, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect(await productState(t, listingId)).toMatchObject({ quantity: 5 });
  });

  it('refusing needs a reason, keeps the stock and the payment, and tells the customer why', async () => {
    const { shopper, seller, orderId, listingId } = await completedOrder();
    const id = (await ask(shopper, orderId)).json().return.id;
    for (const body of [{ decision: 'refuse' }, { decision: 'refuse', reason: '  ' }]) {
      const res = await decide(seller, id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(returnMessages.refuseReasonRequired);
    }
    expect((await decide(seller, id, { decision: 'maybe' })).json().error.message).toBe(returnMessages.decisionInvalid);

    const res = await decide(seller, id, { decision: 'refuse', reason: 'The seal is broken' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: returnMessages.refused,
      return: { status: 'Refused', decisionReason: 'The seal is broken', refundAmount: null },
    });
    expect(await productState(t, listingId)).toMatchObject({ quantity: 3, unitsSold: 2 });
    expect(await order(shopper, orderId)).toMatchObject({ paymentStatus: 'not_required' });
    const mail = (await mailsTo(shopper.email)).find((m) => m.subject.includes('was refused'))!;
    expect(mail.text).toContain('Their reason: The seal is broken');
    const view = (await call('GET', `/api/orders/${orderId}/returns`, shopper.cookie)).json();
    expect(view).toMatchObject({
      canRequest: true,
      returns: [{ status: 'Refused', decisionReason: 'The seal is broken' }],
    });
  });

  it('is only the order’s seller’s: another store gets 404, a customer 403, a visitor 401', async () => {
    const { shopper, seller, orderId, listingId } = await completedOrder();
    const id = (await ask(shopper, orderId)).json().return.id;
    const rival = await createSellerWithStore(t);
    const res = await decide(rival, id, { decision: 'accept' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(returnMessages.notFound);
    expect((await call('GET', '/api/seller/returns', rival.cookie)).json().returns).toEqual([]);
    expect((await call('PUT', `/api/seller/returns/${id}`, shopper.cookie, { decision: 'accept' })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/seller/returns/${id}`, undefined, { decision: 'accept' })).statusCode).toBe(401);
    expect((await decide(seller, 999_999, { decision: 'accept' })).statusCode).toBe(404);
    expect((await decide(seller, 0, { decision: 'accept' })).statusCode).toBe(400);
    expect(await productState(t, listingId)).toMatchObject({ quantity: 3 });
    expect((await call('GET', `/api/seller/returns`, seller.cookie)).json().returns[0].status).toBe('Requested');
  });

  it('counts the store’s returns on the seller dashboard', async () => {
    const seller = await createSellerWithStore(t);
    const before = (await call('GET', '/api/seller/dashboard', seller.cookie)).json().returns;
    expect(before).toEqual({ requested: 0, accepted: 0, refused: 0 });
    const one = await completedOrder();
    const two = await completedOrder();
    const a = (await ask(one.shopper, one.orderId)).json().return.id;
    await ask(two.shopper, two.orderId);
    await decide(one.seller, a, { decision: 'accept' });
    expect((await call('GET', '/api/seller/dashboard', one.seller.cookie)).json().returns).toEqual({
      requested: 0,
      accepted: 1,
      refused: 0,
    });
    expect((await call('GET', '/api/seller/dashboard', two.seller.cookie)).json().returns).toEqual({
      requested: 1,
      accepted: 0,
      refused: 0,
    });
  });
});
