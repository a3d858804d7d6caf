import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { notificationMessages } from '@pricehub/shared/schemas/notification';
import { createCustomer } from '../../testing/factories';
import { ADDRESS, addProduct, caller, createSellerWithStore } from '../checkout/testing';

process.env.NOTIFICATIONS_POLL_MS = '150';
const { buildTestApp } = await import('../../testing/test-app');
const t = await buildTestApp();
const call = caller(t);

async function orderFrom(seller: { storeId: number }, productName = 'Pixel Phone') {
  const shopper = await createCustomer(t, { name: 'Bilal Ahmed' });
  const product = await addProduct(t, seller.storeId, { name: productName, price: 700_00 });
  await call('POST', '/api/cart/items', shopper.cookie, { listingId: product, quantity: 2 });
  const res = await call('POST', '/api/checkout', shopper.cookie, {
    paymentMethod: 'cashOnDel',
    shippingAddress: ADDRESS,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().orders[0].orderId as string;
}

describe('seller notifications', () => {
  it('lists a notification per new order and deletes only the seller’s own', async () => {
    const seller = await createSellerWithStore(t);
    const other = await createSellerWithStore(t);
    const orderId = await orderFrom(seller);
    const list = (await call('GET', '/api/seller/notifications', seller.cookie)).json().notifications;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      orderId,
      message: `${notificationMessages.newOrder}: ${orderId}`,
      product: 'Pixel Phone ×2',
      customer: 'Bilal Ahmed',
      total: 1_450_00,
    });
    expect(new Date(list[0].date).getTime()).not.toBeNaN();
    expect((await call('GET', '/api/seller/notifications', other.cookie)).json().notifications).toEqual([]);

    expect((await call('DELETE', `/api/seller/notifications/${list[0].id}`, other.cookie)).statusCode).toBe(404);
    const shopper = await createCustomer(t);
    expect((await call('DELETE', `/api/seller/notifications/${list[0].id}`, shopper.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/seller/notifications/${list[0].id}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/seller/notifications', shopper.cookie)).statusCode).toBe(403);

    const deleted = await call('DELETE', `/api/seller/notifications/${list[0].id}`, seller.cookie);
    expect(deleted.json().message).toBe(notificationMessages.deleted);
    expect((await call('GET', '/api/seller/notifications', seller.cookie)).json().notifications).toEqual([]);
  });

  it('streams a server-sent event to the seller when a new order arrives, and only for their store', async () => {
    const seller = await createSellerWithStore(t);
    const other = await createSellerWithStore(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    const res = await fetch(`${base}/api/seller/notifications/stream`, {
      headers: { cookie: seller.cookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 10_000;
      while (!text.includes(needle) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text.includes(needle);
    };
    expect(await readUntil('event: ready')).toBe(true);

    await orderFrom(other, 'Someone Else Phone');
    const orderId = await orderFrom(seller, 'Streamed Phone');
    expect(await readUntil('event: notification')).toBe(true);
    expect(await readUntil(orderId)).toBe(true);
    expect(text).toContain('Streamed Phone');
    expect(text).not.toContain('Someone Else Phone');
    controller.abort();

    expect((await fetch(`${base}/api/seller/notifications/stream`)).status).toBe(401);
    const shopper = await createCustomer(t);
    const asCustomer = await fetch(`${base}/api/seller/notifications/stream`, { headers: { cookie: shopper.cookie } });
    expect(asCustomer.status).toBe(403);
    expect(messages.notifications.fresh).toBe('You have new Notifications');
  });
});
