import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  customerNotificationMessages as m,
  type CustomerNotificationView,
} from '@pricehub/shared/schemas/customer-notification';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, TEST_PASSWORD, type TestUser } from '../../testing/factories';
import { customerNotifications } from '../../db/schema';
import { caller, createSellerWithStore, placeOrder, type SellerWithStore } from '../../testing/shop';

const t = await buildTestApp();
const call = caller(t);

const setStatus = async (seller: SellerWithStore, orderId: string, status: string) => {
  const res = await call('PUT', `/api/seller/orders/${orderId}/status`, seller.cookie, { status });
  expect(res.statusCode, res.body).toBe(200);
};

const inbox = async (who: TestUser, query = '') => {
  const res = await call('GET', `/api/notifications${query}`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    notifications: CustomerNotificationView[];
    total: number;
    unread: number;
    page: number;
    pageSize: number;
  };
};

const markRead = (who: TestUser, body: object = {}) => call('POST', '/api/notifications/read', who.cookie, body);

async function completedOrder() {
  const placed = await placeOrder(t);
  await setStatus(placed.seller, placed.orderId, 'Completed');
  return placed;
}

describe('a customer’s notifications about their orders', () => {
  it('tells the customer of each status move, newest first, linked to the order, and nobody else', async () => {
    const { shopper, seller, orderId } = await placeOrder(t);
    const neighbour = await placeOrder(t, { seller });
    expect(await inbox(shopper)).toEqual({ notifications: [], total: 0, unread: 0, page: 1, pageSize: 20 });

    await setStatus(seller, orderId, 'Accepted');
    await setStatus(seller, orderId, 'Shipped');
    await setStatus(seller, orderId, 'Completed');

    const mine = await inbox(shopper);
    expect(mine).toMatchObject({ total: 3, unread: 3 });
    expect(mine.notifications.map((n) => n.title)).toEqual([
      `Order ${orderId} completed`,
      `Order ${orderId} shipped`,
      `Order ${orderId} accepted`,
    ]);
    for (const n of mine.notifications) {
      expect(n).toMatchObject({ kind: 'order_status', orderId, link: `/orders/${orderId}`, read: false });
      expect(new Date(n.date).getTime()).not.toBeNaN();
    }
    expect(mine.notifications[1]!.body).toContain('has shipped your order: Orbit Phone ×2.');
    expect(mine.notifications[1]!.body).toContain('Please pay Rs 650 in cash on delivery.');
    expect(mine.notifications[0]!.body).toContain('You can ask to return it within 7 days.');

    // The other customer of the same store hears nothing of it; cancelling their own order adds nothing either.
    const cancelled = await call('POST', `/api/orders/${neighbour.orderId}/cancel`, neighbour.shopper.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(await inbox(neighbour.shopper)).toMatchObject({ notifications: [], total: 0, unread: 0 });
  });

  it('tells the customer when the seller rejects the order, with the seller’s reason', async () => {
    const { shopper, seller, orderId } = await placeOrder(t);
    const bystander = await createCustomer(t);
    const res = await call('POST', `/api/seller/orders/${orderId}/reject`, seller.cookie, {
      reason: 'The last unit was damaged in our store',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { notifications, unread } = await inbox(shopper);
    expect(unread).toBe(1);
    expect(notifications).toEqual([
      expect.objectContaining({
        kind: 'order_rejected',
        orderId,
        link: `/orders/${orderId}`,
        title: expect.stringContaining(`Order ${orderId} rejected by `),
        body: 'Their reason: The last unit was damaged in our store\nNothing was charged.',
        read: false,
      }),
    ]);
    expect((await inbox(bystander)).total).toBe(0);
  });

  it('confirms a return request, then tells the seller’s decision: accepted with the refund, refused with why', async () => {
    const { shopper, seller, orderId } = await completedOrder();
    const asked = await call('POST', `/api/orders/${orderId}/returns`, shopper.cookie, { reason: 'It flickers' });
    expect(asked.statusCode, asked.body).toBe(201);
    let list = (await inbox(shopper)).notifications;
    expect(list[0]).toMatchObject({
      kind: 'return_requested',
      orderId,
      title: `Return requested for order ${orderId}`,
      body: expect.stringContaining('Your reason: It flickers'),
    });

    const refused = await call('PUT', `/api/seller/returns/${asked.json().return.id}`, seller.cookie, {
      decision: 'refuse',
      reason: 'The seal is broken',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    list = (await inbox(shopper)).notifications;
    expect(list[0]).toMatchObject({
      kind: 'return_refused',
      title: `Return of order ${orderId} refused`,
      body: expect.stringContaining('Their reason: The seal is broken'),
    });

    const again = await call('POST', `/api/orders/${orderId}/returns`, shopper.cookie, { reason: 'Still broken' });
    const accepted = await call('PUT', `/api/seller/returns/${again.json().return.id}`, seller.cookie, {
      decision: 'accept',
      reason: 'Sorry about that',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const all = await inbox(shopper);
    expect(all.notifications[0]).toMatchObject({
      kind: 'return_accepted',
      orderId,
      link: `/orders/${orderId}`,
      title: `Return of order ${orderId} accepted`,
      body: expect.stringContaining('Refund: Rs 650 (cash, handed back by the seller).\nThe seller adds: Sorry about'),
    });
    // Completed, requested, refused, requested again, accepted: one each.
    expect(all.notifications.map((n) => n.kind)).toEqual([
      'return_accepted',
      'return_requested',
      'return_refused',
      'return_requested',
      'order_status',
    ]);
    expect(all.unread).toBe(5);
  });

  it('a refused move or request notifies nobody', async () => {
    const { shopper, seller, orderId } = await placeOrder(t);
    const early = await call('POST', `/api/orders/${orderId}/returns`, shopper.cookie, { reason: 'Too soon' });
    expect(early.statusCode).toBe(409);
    await setStatus(seller, orderId, 'Shipped');
    const back = await call('PUT', `/api/seller/orders/${orderId}/status`, seller.cookie, { status: 'Accepted' });
    expect(back.statusCode).toBe(409);
    const other = await createSellerWithStore(t);
    const notTheirs = await call('PUT', `/api/seller/orders/${orderId}/status`, other.cookie, { status: 'Completed' });
    expect(notTheirs.statusCode).toBe(404);
    expect((await inbox(shopper)).notifications.map((n) => n.title)).toEqual([`Order ${orderId} shipped`]);
  });
});

describe('reading notifications', () => {
  it('pages newest first and keeps the unread count of all pages', async () => {
    const { shopper, seller, orderId } = await placeOrder(t);
    for (const status of ['Accepted', 'Shipped', 'Completed']) await setStatus(seller, orderId, status);
    const second = await inbox(shopper, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, unread: 3, page: 2, pageSize: 2 });
    expect(second.notifications.map((n) => n.title)).toEqual([`Order ${orderId} accepted`]);
    for (const query of ['?page=0', '?page=abc', '?pageSize=51', '?pageSize=1.5']) {
      const res = await call('GET', `/api/notifications${query}`, shopper.cookie);
      expect(res.statusCode, query).toBe(400);
      expect([m.badPage, m.badPageSize]).toContain(res.json().error.message);
    }
  });

  it('marks the named notifications read, then all; another customer’s id is 404 and marks nothing', async () => {
    const { shopper, seller, orderId } = await placeOrder(t);
    for (const status of ['Accepted', 'Shipped', 'Completed']) await setStatus(seller, orderId, status);
    const stranger = await placeOrder(t, { seller });
    await setStatus(seller, stranger.orderId, 'Accepted');
    const [newest, middle] = (await inbox(shopper)).notifications;
    const theirs = (await inbox(stranger.shopper)).notifications[0]!;

    const one = await markRead(shopper, { ids: [middle!.id] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ message: m.markedRead, unread: 2 });
    const after = await inbox(shopper);
    expect(after.unread).toBe(2);
    expect(after.notifications.map((n) => n.read)).toEqual([false, true, false]);

    // Someone else's notification, alone or among one's own: not found, and nothing changes on either side.
    for (const ids of [[theirs.id], [newest!.id, theirs.id], [2_000_000_000]]) {
      const res = await markRead(shopper, { ids });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(m.notFound);
    }
    expect((await inbox(shopper)).unread).toBe(2);
    expect((await inbox(stranger.shopper)).unread).toBe(1);

    for (const body of [{ ids: [] }, { ids: 'all' }, { ids: [0] }, { ids: ['x'] }]) {
      const res = await markRead(shopper, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }

    const all = await markRead(shopper);
    expect(all.json()).toEqual({ message: m.markedRead, unread: 0 });
    expect((await inbox(shopper)).notifications.every((n) => n.read)).toBe(true);
    expect((await inbox(stranger.shopper)).unread).toBe(1);
    // Marking again is harmless.
    expect((await markRead(shopper, { ids: [newest!.id, newest!.id] })).json().unread).toBe(0);
  });

  it('is for the signed-in customer only: 401 to a visitor, 403 to a seller', async () => {
    const { seller } = await placeOrder(t);
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call('POST', '/api/notifications/read', undefined, {})).statusCode).toBe(401);
    const asSeller = await call('GET', '/api/notifications', seller.cookie);
    expect(asSeller.statusCode).toBe(403);
    expect((await markRead(seller)).statusCode).toBe(403);
    // The seller's own notifications stay where they were.
    expect((await call('GET', '/api/seller/notifications', seller.cookie)).json().notifications).toHaveLength(1);
  });
});

describe('deleting the account', () => {
  it('deletes the customer’s notifications with it', async () => {
    const { shopper } = await completedOrder();
    const neighbour = await completedOrder();
    const rowsOf = (who: TestUser) =>
      t.ctx.db.select().from(customerNotifications).where(eq(customerNotifications.customerId, who.id));
    expect(await rowsOf(shopper)).toHaveLength(1);
    const res = await call('DELETE', '/api/me/account', shopper.cookie, { password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(shopper)).toEqual([]);
    expect(await rowsOf(neighbour.shopper)).toHaveLength(1);
  });
});
