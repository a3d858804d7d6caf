import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { notificationMessages } from '@pricehub/shared/schemas/notification';
import { createCustomer } from '../../testing/factories';
import { notifications } from '../../db/schema';
import { ADDRESS, addProduct, caller, createSellerWithStore } from '../../testing/shop';
import { listeners, StoreListener } from './listener';
import { addStoreNotice } from './store-notice';

// Ten minutes: a stream that gets its notification quickly got it from the NOTIFY, not from the safety re-check.
process.env.NOTIFICATIONS_RECHECK_MS = '600000';
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

  it('pushes a new order to the seller’s open stream within a second, reads nothing while idle, and only for their store', async () => {
    const seller = await createSellerWithStore(t);
    const other = await createSellerWithStore(t);
    const base = await listening();
    const stream = await openStream(base, seller.cookie);
    const otherStream = await openStream(base, other.cookie);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    expect(await stream.readUntil('event: ready')).toBe(true);
    expect(await otherStream.readUntil('event: ready')).toBe(true);
    const listener = listeners.get(t.ctx.database)!;
    await until(() => listener.size(seller.storeId) === 1 && listener.size(other.storeId) === 1);
    // Each stream reads once more as the LISTEN takes effect (a notification written in between is caught there),
    // at once on PGlite, after the listener's own connection on PostgreSQL: let those reads pass first.
    await listener.listening();
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Idle: no stream reads the database (the old streams polled every 3 s, the test's every 150 ms).
    const reads = vi.spyOn(t.ctx.db, 'select');
    const raw = vi.spyOn(t.ctx.db, 'execute');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(reads).not.toHaveBeenCalled();
    expect(raw).not.toHaveBeenCalled();
    reads.mockRestore();
    raw.mockRestore();

    await orderFrom(other, 'Someone Else Phone');
    const orderedAt = Date.now();
    const orderId = await orderFrom(seller, 'Streamed Phone');
    expect(await stream.readUntil(orderId, 1_000)).toBe(true);
    // The safety re-check is 10 minutes here: only the NOTIFY can have delivered it.
    expect(Date.now() - orderedAt).toBeLessThan(1_500);
    expect(stream.text).toContain('event: notification');
    expect(stream.text).toContain('Streamed Phone');
    expect(stream.text).not.toContain('Someone Else Phone');
    expect(await otherStream.readUntil('Someone Else Phone', 1_000)).toBe(true);
    expect(otherStream.text).not.toContain('Streamed Phone');

    // Another writer (a return request's notice) reaches the stream the same way; a rolled-back one does not.
    await t.ctx.db
      .transaction(async (tx) => {
        await addStoreNotice(tx, { ...notice(seller.storeId), product: 'Rolled Back Notice' });
        throw new Error('rollback');
      })
      .catch(() => {});
    await t.ctx.db.transaction((tx) => addStoreNotice(tx, notice(seller.storeId)));
    expect(await stream.readUntil('Returned Kettle', 1_000)).toBe(true);
    expect(stream.text).not.toContain('Rolled Back Notice');
    expect(otherStream.text).not.toContain('Returned Kettle');

    // Disconnecting removes the stream from the process's listener.
    stream.close();
    await until(() => listener.size(seller.storeId) === 0);
    expect(listener.size(other.storeId)).toBe(1);
    otherStream.close();
    await until(() => listener.size() === 0);

    expect((await fetch(`${base}/api/seller/notifications/stream`)).status).toBe(401);
    const shopper = await createCustomer(t);
    const asCustomer = await fetch(`${base}/api/seller/notifications/stream`, { headers: { cookie: shopper.cookie } });
    expect(asCustomer.status).toBe(403);
    expect(messages.notifications.fresh).toBe('You have new Notifications');
  });

  it('re-checks the watched stores now and then, so a notification whose NOTIFY was lost still arrives', async () => {
    const seller = await createSellerWithStore(t);
    const listener = new StoreListener(t.ctx.database, { recheckMs: 100, log: { warn: () => {} } });
    try {
      const woken: (number | undefined)[] = [];
      const unsubscribe = await listener.subscribe(seller.storeId, (newestId) => woken.push(newestId));
      // Written without a NOTIFY, as if the signal had been lost.
      await t.ctx.db.insert(notifications).values(notice(seller.storeId));
      await until(() => woken.some((id) => id !== undefined));
      const [row] = await t.ctx.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.storeId, seller.storeId));
      expect(woken).toContain(row!.id);
      unsubscribe();
      expect(listener.size()).toBe(0);
    } finally {
      await listener.close();
    }
  });

  // Last: it closes the app. A shutdown must not wait on open streams or the LISTEN (main.ts allows 10 s in all).
  it('ends open streams and the LISTEN at once when the server closes', async () => {
    const seller = await createSellerWithStore(t);
    const stream = await openStream(await listening(), seller.cookie);
    expect(await stream.readUntil('event: ready')).toBe(true);
    const listener = listeners.get(t.ctx.database)!;
    await until(() => listener.size(seller.storeId) === 1);
    const started = Date.now();
    const closing = t.app.close();
    // The stream ends at once (its reader finds the end instead of waiting for a heartbeat)…
    expect(await stream.readUntil('never sent', 1_000)).toBe(false);
    expect(stream.ended).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    // …and the close, LISTEN included, ends within main.ts's shutdown deadline (9 s), whatever idle
    // keep-alive connections of the test's own client still linger.
    await closing;
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(listener.size()).toBe(0);
  });
});

async function listening() {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function openStream(base: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/seller/notifications/stream`, {
    headers: { cookie },
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const stream = {
    res,
    text: '',
    ended: false,
    /** Reads until the text holds the needle or the time is up. */
    async readUntil(needle: string, withinMs = 10_000) {
      const deadline = Date.now() + withinMs;
      while (!stream.text.includes(needle)) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        let timer: NodeJS.Timeout | undefined;
        const next = await Promise.race([
          reader.read(),
          new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), left))),
        ]);
        clearTimeout(timer);
        if (next === 'late') return stream.text.includes(needle);
        if (next.done) {
          stream.ended = true;
          break;
        }
        stream.text += decoder.decode(next.value);
      }
      return stream.text.includes(needle);
    },
    close: () => controller.abort(),
  };
  return stream;
}

async function until(check: () => boolean, withinMs = 5_000) {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function notice(storeId: number) {
  return {
    storeId,
    orderId: null,
    message: 'Return requested',
    product: 'Returned Kettle',
    customer: 'Bilal Ahmed',
    total: 2_500_00,
    createdAt: new Date(),
  };
}
