import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { wishlistAlertMessages } from '@pricehub/shared/schemas/wishlist-alerts';
import { smtpTransport } from '../../adapters/mail/transport';
import { queryRows } from '../../db/client';
import { createSellerWithStore, caller, type SellerWithStore } from '../../testing/shop';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, type TestUser } from '../../testing/factories';
import { productBody } from '../catalog/test-fixtures';
import { enqueueMail, flushOutbox } from '../mail/outbox';
import { checkWishlistAlerts } from './alert-check';
import { insertOffer, insertProduct } from './test-fixtures';
import { insertSale } from '../../testing/campaigns';

const t = await buildTestApp({ publicUrl: 'https://shop.example' });
const call = caller(t);
const HOUR = 3_600_000;
let seller: SellerWithStore;

/** The mail job, as it would run: one pass of the alert check, then the outbox sent to the memory transport. */
async function runAlerts(): Promise<number> {
  const queued = await checkWishlistAlerts(t.ctx);
  await t.flushMail();
  return queued;
}

const mailsTo = (user: TestUser) => t.mail.sent.filter((m) => m.to === user.email);

async function listed(name: string, price: number, quantity = 5) {
  return insertProduct(t.ctx.db, { storeId: seller.storeId, name, price }).then(async (p) => {
    if (quantity !== 5)
      await t.ctx.db.execute(sql`update listings set quantity = ${quantity} where id = ${p.listingId}`);
    return { productId: p.productId, listingId: p.listingId! };
  });
}

const setPrice = (listingId: number, price: number) =>
  t.ctx.db.execute(sql`update listings set price = ${price} where id = ${listingId}`);

async function save(user: TestUser, body: { productId: number } | { offerId: number }) {
  const res = await call('POST', '/api/wishlist', user.cookie, body);
  expect(res.statusCode).toBe(201);
}

beforeAll(async () => {
  seller = await createSellerWithStore(t);
});

describe('wishlist alerts', () => {
  it('mail a drop of the lowest price once, with absolute links and a one-click unsubscribe', async () => {
    const alice = await createCustomer(t, { name: 'Alice' });
    const phone = await listed('Galaxy A55', 100_000_00);
    await save(alice, { productId: phone.productId });
    // What the customer saw when saving is not news.
    expect(await runAlerts()).toBe(0);

    // The seller lowers the price through the seller's own form.
    const res = await call('PUT', `/api/seller/products/${phone.listingId}`, seller.cookie, {
      ...productBody({ name: 'Galaxy A55', brand: 'Samsung', category: 'mobile', price: 90_000_00 }),
      stock: 'instock',
    });
    expect(res.statusCode).toBe(200);
    expect(await runAlerts()).toBe(1);
    const [mail] = mailsTo(alice);
    expect(mail!.subject).toBe('Price drop: Galaxy A55 is now Rs 90,000');
    expect(mail!.text).toContain('Its lowest price fell from Rs 100,000 to Rs 90,000.');
    expect(mail!.text).toContain(`https://shop.example/result/productHub/${phone.productId}`);
    expect(mail!.text).toContain('https://shop.example/custPanel#alerts');
    expect(mail!.html).toContain('unsubscribe with one click');
    const link = mail!.headers!['List-Unsubscribe']!;
    expect(link).toMatch(/^<https:\/\/shop\.example\/api\/wishlist\/alerts\/unsubscribe\/[\w-]{43}>$/);
    expect(mail!.text).toContain(link.slice(1, -1));
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // The next passes see nothing new.
    expect(await runAlerts()).toBe(0);
    expect(mailsTo(alice)).toHaveLength(1);
  });

  it('mail at most once a day per product: a second drop waits, and goes out 24 hours after the first', async () => {
    const bob = await createCustomer(t);
    const laptop = await listed('ThinkPad X1', 300_000_00);
    const tablet = await listed('Galaxy Tab S9', 150_000_00);
    await save(bob, { productId: laptop.productId });
    await save(bob, { productId: tablet.productId });
    await runAlerts();
    const start = new Date();
    t.setNow(start);
    try {
      await setPrice(laptop.listingId, 280_000_00);
      expect(await runAlerts()).toBe(1);
      await setPrice(laptop.listingId, 260_000_00);
      // Another product is another mail the same day.
      await setPrice(tablet.listingId, 140_000_00);
      expect(await runAlerts()).toBe(1);
      t.setNow(new Date(start.getTime() + 23 * HOUR));
      expect(await runAlerts()).toBe(0);
      expect(mailsTo(bob).map((m) => m.subject)).toEqual([
        'Price drop: ThinkPad X1 is now Rs 280,000',
        'Price drop: Galaxy Tab S9 is now Rs 140,000',
      ]);

      t.setNow(new Date(start.getTime() + 24 * HOUR + 60_000));
      expect(await runAlerts()).toBe(1);
      const last = mailsTo(bob).at(-1)!;
      expect(last.subject).toBe('Price drop: ThinkPad X1 is now Rs 260,000');
      expect(last.text).toContain('fell from Rs 280,000 to Rs 260,000');
    } finally {
      t.setNow(new Date());
    }
  });

  it('mail when a saved product goes on sale, and not when the sale ends', async () => {
    const carol = await createCustomer(t);
    const watch = await listed('Galaxy Watch 6', 50_000_00);
    await save(carol, { productId: watch.productId });
    await runAlerts();
    await insertSale(
      t.ctx.db,
      { storeId: seller.storeId, listingIds: [watch.listingId], discountPercent: 20 },
      t.ctx.now().getTime(),
    );
    expect(await runAlerts()).toBe(1);
    const [mail] = mailsTo(carol);
    expect(mail!.subject).toBe(`On sale: Galaxy Watch 6, 20% off at ${seller.storeName} (now Rs 40,000)`);
    expect(mail!.text).toContain(`${seller.storeName} has it on sale: 20% off.`);
    expect(mail!.text).toContain('fell from Rs 50,000 to Rs 40,000');

    // The sale ending (the price going back up) is not news.
    await t.ctx.db
      .execute(sql`update sales set ends_at = now() - interval '1 minute', starts_at = now() - interval '2 hours'
        where id in (select sale_id from sale_products where listing_id = ${watch.listingId})`);
    expect(await runAlerts()).toBe(0);
    expect(mailsTo(carol)).toHaveLength(1);
  });

  it('mail when a saved product or offer is back in stock', async () => {
    const dan = await createCustomer(t);
    const earbuds = await listed('Galaxy Buds 3', 20_000_00, 0);
    const pixel = (await insertProduct(t.ctx.db, { storeId: null, name: 'Pixel 9', price: 0 })).productId;
    const offerId = await insertOffer(t.ctx.db, {
      productId: pixel,
      storeName: 'Daraz',
      price: 180_000_00,
      inStock: false,
    });
    await save(dan, { productId: earbuds.productId });
    await save(dan, { offerId });
    expect(await runAlerts()).toBe(0);

    // Checkout or the seller restocking, ingestion finding the offer in stock: every writer is seen.
    await t.ctx.db.execute(sql`update listings set quantity = 3 where id = ${earbuds.listingId}`);
    await t.ctx.db.execute(sql`update offers set in_stock = true where id = ${offerId}`);
    expect(await runAlerts()).toBe(2);
    expect(
      mailsTo(dan)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      'Back in stock: Galaxy Buds 3 from Rs 20,000',
      'Back in stock: Offer at Daraz at Daraz from Rs 180,000',
    ]);
    expect(mailsTo(dan).find((m) => m.subject.includes('Daraz'))!.text).toContain(
      `https://shop.example/result/productDetail/${offerId}`,
    );
  });

  it('send nothing while turned off, and after turning them on only what changes from then', async () => {
    const erin = await createCustomer(t);
    const phone = await listed('Redmi Note 14', 60_000_00);
    await save(erin, { productId: phone.productId });
    await runAlerts();
    expect((await call('GET', '/api/wishlist/alerts', erin.cookie)).json()).toEqual({ enabled: true });

    const off = await call('PUT', '/api/wishlist/alerts', erin.cookie, { enabled: false });
    expect(off.json()).toEqual({ enabled: false, message: wishlistAlertMessages.off });
    await setPrice(phone.listingId, 55_000_00);
    expect(await runAlerts()).toBe(0);
    expect((await call('GET', '/api/wishlist/alerts', erin.cookie)).json()).toEqual({ enabled: false });

    const on = await call('PUT', '/api/wishlist/alerts', erin.cookie, { enabled: true });
    expect(on.json()).toEqual({ enabled: true, message: wishlistAlertMessages.on });
    // The drop made while alerts were off is old news.
    expect(await runAlerts()).toBe(0);
    await setPrice(phone.listingId, 52_000_00);
    expect(await runAlerts()).toBe(1);
    expect(mailsTo(erin)[0]!.text).toContain('fell from Rs 55,000 to Rs 52,000');
  });

  it('refuse a bad setting and keep sellers and visitors out of it', async () => {
    const frank = await createCustomer(t);
    expect((await call('PUT', '/api/wishlist/alerts', frank.cookie, { enabled: 'maybe' })).statusCode).toBe(400);
    expect((await call('GET', '/api/wishlist/alerts', frank.cookie)).json()).toEqual({ enabled: true });
    expect((await call('PUT', '/api/wishlist/alerts', seller.cookie, { enabled: false })).statusCode).toBe(403);
    expect((await call('GET', '/api/wishlist/alerts')).statusCode).toBe(401);
  });

  it('do not mail twice when two passes run at once', async () => {
    const gina = await createCustomer(t);
    const tv = await listed('Bravia 55', 200_000_00);
    await save(gina, { productId: tv.productId });
    await runAlerts();
    await setPrice(tv.listingId, 190_000_00);
    const passes = await Promise.all([checkWishlistAlerts(t.ctx), checkWishlistAlerts(t.ctx)]);
    expect(passes[0]! + passes[1]!).toBe(1);
    const rows = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from mail_outbox where "to" = ${gina.email}`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('the unsubscribe link', () => {
  let hana: TestUser;
  let link: string;

  beforeAll(async () => {
    hana = await createCustomer(t);
    const phone = await listed('Nothing Phone 3', 90_000_00);
    await save(hana, { productId: phone.productId });
    await runAlerts();
    await setPrice(phone.listingId, 85_000_00);
    await runAlerts();
    link = mailsTo(hana)[0]!.headers!['List-Unsubscribe']!.slice(1, -1).replace('https://shop.example', '');
  });

  it('shows, without signing in, what it will do, and changes nothing by being opened', async () => {
    const page = await t.app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop wishlist alerts?');
    expect(page.body).toContain(`${hana.email[0]}***@example.test`);
    expect(page.body).toContain(`<form method="post" action="${link}">`);
    expect((await call('GET', '/api/wishlist/alerts', hana.cookie)).json()).toEqual({ enabled: true });
  });

  it('unsubscribes with the one-click POST of RFC 8058, and again harmlessly', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(wishlistAlertMessages.unsubscribed);
    expect((await call('GET', '/api/wishlist/alerts', hana.cookie)).json()).toEqual({ enabled: false });

    const boundary = 'x-boundary';
    const again = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/html' },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('You are unsubscribed');
  });

  it('answers an unknown link with 404, as a page for a browser', async () => {
    const url = '/api/wishlist/alerts/unsubscribe/not-a-real-token';
    const json = await t.app.inject({ method: 'POST', url });
    expect(json.statusCode).toBe(404);
    expect(json.json().error.message).toBe(wishlistAlertMessages.linkInvalid);
    const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(wishlistAlertMessages.linkInvalid);
  });
});

describe('alert mail headers', () => {
  it('reach a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      logger: false,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    // Whatever earlier tests left queued goes to the memory transport first.
    await t.flushMail();
    try {
      await enqueueMail(t.ctx.db, {
        to: 'headers@example.test',
        subject: 'With headers',
        text: 'Body',
        headers: {
          'List-Unsubscribe': '<https://shop.example/u/1>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      expect(await flushOutbox(t.ctx.db, transport, 'shop@example.test')).toEqual({ sent: 1, failed: 0 });
      expect(received[0]).toContain('List-Unsubscribe: <https://shop.example/u/1>');
      expect(received[0]).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
