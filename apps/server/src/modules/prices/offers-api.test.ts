import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SHIPPING_FEE } from '@pricehub/shared/rules/money';
import { offerMessages } from '@pricehub/shared/schemas/offer';
import { wholePaisaMessage } from '@pricehub/shared/schemas/money';
import { externalStores, mailOutbox, pricePoints } from '../../db/schema';
import { createCustomer, createSeller } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { queryRows } from '../../db/client';
import { insertCatalogueProduct } from '../../testing/catalogue';
import { merchantFeed, startFixtureServer } from '../ingestion/fixtures/fixture-server';
import { ingestSource } from '../ingestion/ingest';
import { refreshDueStores } from '../ingestion/refresh';

const t = await buildTestApp();
const fixtures = await startFixtureServer();
afterAll(() => fixtures.close());
const fast = { timeoutMs: 500, backoffMs: 10, delayMs: 0 };

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

// Our seller lists the Feedphone Model 1; two external stores sell it too (one cheaper, one dearer).
const seller = await createSeller(t, { storeName: 'Hub Phones' });
const listed = await send(
  'POST',
  '/api/seller/products',
  {
    name: 'Feedphone Model 1 8GB 128GB',
    brand: 'Feedphone',
    category: 'mobile',
    description: 'A phone the feeds sell too',
    ram: 8,
    storage: 128,
    price: 10_500_00,
    quantity: 5,
    image: '/uploads/demo/phone.svg',
  },
  seller.cookie,
);
const ours = listed.json().product as { id: number };
const listingId = listed.json().listing.id as number;
let cheapPrice = 10_001;
fixtures.route('/cheap.xml', (_q, res) =>
  res
    .writeHead(200, { 'content-type': 'application/xml' })
    .end(merchantFeed(3, (i) => (i === 1 ? cheapPrice : 20_000 + i))),
);
fixtures.route('/dear.xml', (_q, res) =>
  res
    .writeHead(200, { 'content-type': 'application/xml' })
    .end(merchantFeed(1, () => 11_000).replace('<channel>', '<channel><description>d</description>')),
);
const cheap = await ingestSource(t.ctx, { store: 'Cheap Mart', source: `${fixtures.url}/cheap.xml`, fetcher: fast });
await ingestSource(t.ctx, { store: 'Dear Depot', source: `${fixtures.url}/dear.xml`, fetcher: fast });

describe('GET /api/products/:id/offers', () => {
  it('lists our listing and every external offer, cheapest first', async () => {
    const res = await get(`/api/products/${ours!.id}/offers`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().offers;
    expect(rows.map((o: { store: { name: string }; price: number }) => [o.store.name, o.price])).toEqual([
      ['Cheap Mart', 10_001_00],
      ['Hub Phones', 10_500_00],
      ['Dear Depot', 11_000_00],
    ]);
    expect(rows[1]).toMatchObject({
      kind: 'store',
      listingId,
      url: '/viewstore/hub-phones',
      shipping: SHIPPING_FEE,
      quantity: 5,
      inStock: true,
      ratingText: 'No Reviews',
      matchedBy: 'name',
    });
    expect(rows[1]).not.toHaveProperty('listPrice');
    expect(rows[0]).toMatchObject({
      kind: 'external',
      offerId: expect.any(Number),
      url: 'https://feed.test/p/1',
      shipping: null,
      available: true,
      matchedBy: 'name',
    });
  });

  it("shows our seller's sale price, with the list price beside it", async () => {
    const [store] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from stores where seller_id = ${seller.id}`,
    );
    const [sale] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into sales (store_id, code, title, discount_percent, starts_at, ends_at)
          values (${store!.id}, 'FEED10', 'Feed week', 10, now() - interval '1 day', now() + interval '1 day')
          returning id`,
    );
    await t.ctx.db.execute(sql`insert into sale_products (sale_id, listing_id) values (${sale!.id}, ${listingId})`);
    // Written behind the app's back, as another server process would: the kept answer is dropped when the
    // catalogue's NOTIFY arrives (cache/catalogue-cache.ts, modules/catalog/change-feed.ts), within a second or so.
    try {
      await vi.waitFor(
        async () => {
          const rows = (await get(`/api/products/${ours!.id}/offers`)).json().offers;
          expect(rows.find((o: { kind: string }) => o.kind === 'store')).toMatchObject({
            price: 9_450_00,
            listPrice: 10_500_00,
          });
        },
        { timeout: 3_000, interval: 100 },
      );
    } finally {
      await t.ctx.db.execute(sql`delete from sales where id = ${sale!.id}`);
    }
  });

  it('sends a merged product id to the product it became (301)', async () => {
    const gone = await insertCatalogueProduct(t.ctx.db, { name: 'Feedphone Model 1 (old entry)' });
    await t.ctx.db.execute(sql`select merge_products(${ours!.id}::int, ${gone}::int)`);
    const res = await get(`/api/products/${gone}/offers`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/api/products/${ours!.id}/offers`);
    const history = await get(`/api/products/${gone}/price-history`);
    expect(history.statusCode).toBe(301);
    expect(history.headers.location).toBe(`/api/products/${ours!.id}/price-history`);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    expect((await get('/api/products/999999/offers')).statusCode).toBe(404);
    expect((await get('/api/products/abc/offers')).statusCode).toBe(400);
  });
});

describe('GET /api/external-products', () => {
  it('lists offers with the product they were matched to, filtered by store name', async () => {
    const res = await get('/api/external-products?store=Cheap%20Mart');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    const first = body.items.find((i: { name: string }) => i.name.startsWith('Feedphone Model 1 '));
    expect(first).toMatchObject({ store: 'Cheap Mart', productId: ours!.id, price: 10_001_00, inStock: true });
    const others = body.items.filter((i: { productId: number }) => i.productId !== ours!.id);
    expect(others).toHaveLength(2);
  });

  it('searches by words and pages', async () => {
    const res = await get('/api/external-products?q=model%203');
    expect(res.json().items.map((i: { name: string }) => i.name)).toEqual(['Feedphone Model 3 8GB 128GB']);
    expect((await get('/api/external-products?page=0')).statusCode).toBe(400);
    expect((await get('/api/external-products?page=50')).json()).toMatchObject({
      items: [],
      total: expect.any(Number),
    });
  });

  it('shows one offer with its store, "Not Available" for a missing description, and its score', async () => {
    const list = (await get('/api/external-products?store=cheap-mart')).json();
    const id = list.items[0].id;
    const res = await get(`/api/external-products/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      store: 'Cheap Mart',
      description: offerMessages.notAvailable,
      score: { score: 0, positive: 0, negative: 0 },
      ratingText: 'No Reviews',
      reviews: [],
    });
    expect((await get('/api/external-products/999999')).statusCode).toBe(404);
  });
});

describe('price history', () => {
  it('has one line per store and the lowest price over time', async () => {
    cheapPrice = 9_900;
    await ingestSource(t.ctx, { store: 'Cheap Mart', source: `${fixtures.url}/cheap.xml`, fetcher: fast });
    const res = await get(`/api/products/${ours!.id}/price-history`);
    expect(res.statusCode).toBe(200);
    const { series, lowest } = res.json();
    expect(series.map((s: { store: string }) => s.store).sort()).toEqual(['Cheap Mart', 'Dear Depot', 'Hub Phones']);
    const cheapLine = series.find((s: { store: string }) => s.store === 'Cheap Mart');
    expect(cheapLine.points.map((p: { price: number }) => p.price)).toEqual([10_001_00, 9_900_00]);
    expect(lowest.at(-1).price).toBe(9_900_00);
  });
});

describe('price-drop alerts', () => {
  it('needs a signed-in customer', async () => {
    expect((await send('POST', '/api/price-alerts', { productId: ours!.id })).statusCode).toBe(401);
    expect((await send('POST', '/api/price-alerts', { productId: ours!.id }, seller.cookie)).statusCode).toBe(403);
    expect((await get('/api/price-alerts')).statusCode).toBe(401);
  });

  it('refuses an unknown product and a bad target without writing', async () => {
    const customer = await createCustomer(t);
    const unknown = await send('POST', '/api/price-alerts', { productId: 999999 }, customer.cookie);
    expect(unknown.statusCode).toBe(404);
    const bad = await send('POST', '/api/price-alerts', { productId: ours!.id, targetPrice: -5 }, customer.cookie);
    const rupees = await send('POST', '/api/price-alerts', { productId: ours!.id, targetPrice: 95.5 }, customer.cookie);
    expect(rupees.json().error.message).toBe(wholePaisaMessage);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(offerMessages.alertTargetInvalid);
    expect((await get('/api/price-alerts', customer.cookie)).json().alerts).toEqual([]);
  });

  it('fires once per drop: one mail, recorded on the customer panel, never twice for the same price', async () => {
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    const set = await send(
      'POST',
      '/api/price-alerts',
      { productId: ours!.id, targetPrice: 9_500_00 },
      customer.cookie,
    );
    expect(set.statusCode).toBe(201);
    expect(set.json().alert).toMatchObject({
      productId: ours!.id,
      targetPrice: 9_500_00,
      basePrice: 9_900_00,
      fired: false,
    });
    await send('POST', '/api/price-alerts', { productId: ours!.id }, other.cookie);

    // No drop yet: nothing fires.
    await t.ctx.db.update(externalStores).set({ lastRefreshedAt: null });
    expect((await refreshDueStores(t.ctx, fast)).alertsFired).toBe(0);

    cheapPrice = 9_400;
    await t.ctx.db.update(externalStores).set({ lastRefreshedAt: null });
    const first = await refreshDueStores(t.ctx, fast);
    expect(first.reports.map((r) => r.store.name).sort()).toEqual(['Cheap Mart', 'Dear Depot']);
    expect(first.alertsFired).toBe(2);
    await t.ctx.db.update(externalStores).set({ lastRefreshedAt: null });
    expect((await refreshDueStores(t.ctx, fast)).alertsFired).toBe(0);

    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Rs 9,400');
    const panel = (await get('/api/price-alerts', customer.cookie)).json().alerts;
    expect(panel).toEqual([
      expect.objectContaining({
        productId: ours!.id,
        fired: true,
        lastNotifiedPrice: 9_400_00,
        currentPrice: 9_400_00,
      }),
    ]);
  });

  it("removes only the caller's own alert", async () => {
    const customer = await createCustomer(t);
    const stranger = await createCustomer(t);
    await send('POST', '/api/price-alerts', { productId: ours!.id }, customer.cookie);
    expect((await send('DELETE', `/api/price-alerts/${ours!.id}`, undefined, stranger.cookie)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/price-alerts/${ours!.id}`, undefined, customer.cookie)).statusCode).toBe(200);
    expect((await get('/api/price-alerts', customer.cookie)).json().alerts).toEqual([]);
  });
});

describe('scheduled refresh', () => {
  it('refreshes a due store once even when two runners poll at the same time, and skips stores not due', async () => {
    await t.ctx.db.update(externalStores).set({ lastRefreshedAt: null });
    const [a, b] = await Promise.all([refreshDueStores(t.ctx, fast), refreshDueStores(t.ctx, fast)]);
    const names = [...a.reports, ...b.reports].map((r) => r.store.name).sort();
    expect(names).toEqual(['Cheap Mart', 'Dear Depot']);
    expect((await refreshDueStores(t.ctx, fast)).reports).toEqual([]);
  });

  it('records no new price point when a refresh sees the same prices', async () => {
    const before = (await t.ctx.db.select().from(pricePoints)).length;
    await t.ctx.db.update(externalStores).set({ lastRefreshedAt: null }).where(eq(externalStores.id, cheap.store.id));
    await refreshDueStores(t.ctx, fast);
    expect((await t.ctx.db.select().from(pricePoints)).length).toBe(before);
  });
});
