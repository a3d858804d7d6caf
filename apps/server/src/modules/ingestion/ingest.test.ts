import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { offers, pricePoints, products, reviews } from '../../db/schema';
import { buildTestApp } from '../../testing/test-app';
import { merchantFeed, startFixtureServer } from './fixtures/fixture-server';
import { markMissingUnavailable } from '../offers/repository';
import { ingestSource, type IngestOptions } from './ingest';

const t = await buildTestApp();
const fixtures = await startFixtureServer();
afterAll(() => fixtures.close());
const fast = { timeoutMs: 2_000, backoffMs: 20, delayMs: 0 };
const ingest = (options: Omit<IngestOptions, 'fetcher'>, fetcher = fast) =>
  ingestSource(t.ctx, { ...options, fetcher });
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

const offersOf = (storeId: number) =>
  t.ctx.db.select().from(offers).where(eq(offers.externalStoreId, storeId)).orderBy(offers.storeItemId);
const pointsOf = (offerId: number) => t.ctx.db.select().from(pricePoints).where(eq(pricePoints.offerId, offerId));

describe('ingesting a listing page of schema.org product pages', async () => {
  const report = await ingest({ store: 'Fixture Mobiles', source: `${fixtures.url}/` });
  const rows = await offersOf(report.store.id);
  const bySku = Object.fromEntries(rows.map((o) => [o.storeItemId, o]));

  it('reads JSON-LD, @graph with AggregateOffer, a JSON-LD array and microdata, following same-host links only', () => {
    expect(Object.keys(bySku).sort()).toEqual(['FM-A54-256', 'FM-IP15-128', 'FM-PX8-128', 'FM-RN13-256']);
    expect(fixtures.requests.some((r) => r.path === '/phone.html')).toBe(false);
    expect(report).toMatchObject({ new: 4, updated: 0, unchanged: 0, unavailable: 0 });
  });

  it('parses prices written as "Rs 1,29,999", "PKR 239999.00", numbers, and prefers the lower sale offer', () => {
    expect(bySku['FM-A54-256']!.price).toBe(129_999_00);
    expect(bySku['FM-IP15-128']!.price).toBe(239_999_00);
    expect(bySku['FM-RN13-256']!.price).toBe(59_999_00);
    expect(bySku['FM-PX8-128']!.price).toBe(154_999_00);
  });

  it('reads availability, brand objects, GTIN, images, ratings and review bodies', async () => {
    const a54 = bySku['FM-A54-256']!;
    expect(a54).toMatchObject({ inStock: true, brand: 'Samsung', gtin: '08806094915146', mpn: 'SM-A546E' });
    expect(a54.image).toBe(`${fixtures.url}/img/a54-front.jpg`);
    expect(a54.url).toBe(`${fixtures.url}/products/galaxy-a54.html`);
    expect(a54.ratingValue).toBeCloseTo(4.4);
    expect(bySku['FM-IP15-128']).toMatchObject({
      inStock: false,
      brand: 'Apple',
      image: 'https://cdn.fixture.test/ip15.jpg',
    });
    expect(bySku['FM-PX8-128']).toMatchObject({ brand: 'Google', image: `${fixtures.url}/img/pixel-8.jpg` });
    const texts = await t.ctx.db.select().from(reviews).where(eq(reviews.offerId, a54.id));
    expect(texts).toHaveLength(3);
    expect(texts.find((r) => r.author === 'Bilal')!.sentimentScore).toBeLessThan(0);
    expect(texts.find((r) => r.author === 'Ali')!.rating).toBe(5);
  });

  it('obeys robots.txt and sends a User-Agent naming PriceHub and the public URL', () => {
    expect(fixtures.requests.some((r) => r.path.startsWith('/private/'))).toBe(false);
    expect(report.failures).toContainEqual({
      where: `${fixtures.url}/private/secret-phone.html`,
      reason: 'disallowed by robots.txt',
    });
    expect(fixtures.requests.every((r) => r.userAgent === `PriceHub/1.0 (+${t.ctx.config.publicUrl})`)).toBe(true);
  });

  it('counts a page with malformed JSON-LD as failed and goes on', () => {
    expect(report.failures).toContainEqual({
      where: `${fixtures.url}/products/broken.html`,
      reason: 'malformed JSON-LD',
    });
    expect(report.failed).toBe(2);
  });

  it('creates a catalogue product for each unmatched offer, priced at the offer and shown to shoppers', async () => {
    const [product] = await t.ctx.db.select().from(products).where(eq(products.id, bySku['FM-RN13-256']!.productId));
    expect(product).toMatchObject({
      lowestPrice: 59_999_00,
      offerCount: 1,
      inStock: true,
      visible: true,
      brand: 'Xiaomi',
      category: 'mobile',
      ramGb: 8,
      storageGb: 256,
      matchKey: expect.any(String),
    });
    expect(bySku['FM-RN13-256']!.matchedBy).toBe('name');
    expect(bySku['FM-A54-256']!.matchedBy).toBe('gtin');
  });

  it('re-running changes nothing and adds no price point', async () => {
    const again = await ingest({ store: 'Fixture Mobiles', source: `${fixtures.url}/` });
    expect(again).toMatchObject({ new: 0, updated: 0, unchanged: 4, unavailable: 0 });
    expect(await pointsOf(bySku['FM-A54-256']!.id)).toHaveLength(1);
  });
});

describe('a sitemap source', () => {
  it('reads every page the sitemap lists, and a re-run finds nothing new', async () => {
    fixtures.route('/sitemap.xml', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
          <url><loc>${fixtures.url}/products/galaxy-a54.html</loc></url>
          <url><loc>${fixtures.url}/products/pixel-8.html</loc></url></urlset>`,
      ),
    );
    const report = await ingest({ store: 'Sitemap Store', source: `${fixtures.url}/sitemap.xml` });
    expect(report).toMatchObject({ new: 2, failed: 0 });
    expect((await offersOf(report.store.id)).map((o) => o.storeItemId)).toEqual(['FM-A54-256', 'FM-PX8-128']);
  });
});

describe('unreliable pages', () => {
  it('gives up on a page that times out, after retrying, and reports it', async () => {
    let hits = 0;
    fixtures.route('/slow.html', () => void hits++);
    const report = await ingest(
      { store: 'Slow Store', source: `${fixtures.url}/slow.html` },
      { ...fast, timeoutMs: 1_000 },
    );
    expect(report.failed).toBe(1);
    expect(report.failures[0]!.reason).toMatch(/timed out after 1000 ms/);
    expect(hits).toBe(4);
    expect(report.new).toBe(0);
  });

  it('retries a page that answers 500, then reads it when it answers 200', async () => {
    let hits = 0;
    const page = await (await fetch(`${fixtures.url}/products/galaxy-a54.html`)).text();
    fixtures.route('/flaky.html', (_req, res) => {
      hits++;
      if (hits === 1) res.writeHead(500).end('oops');
      else res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    });
    const report = await ingest({ store: 'Flaky Store', source: `${fixtures.url}/flaky.html` });
    expect(hits).toBe(2);
    expect(report).toMatchObject({ new: 1, failed: 0 });
  });

  it('refuses a page over the size limit', async () => {
    fixtures.route('/huge.html', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(50_000)),
    );
    const report = await ingestSource(t.ctx, {
      store: 'Huge Store',
      source: `${fixtures.url}/huge.html`,
      fetcher: { ...fast, maxBytes: 10_000 },
    });
    expect(report.failures[0]!.reason).toMatch(/larger than 10000 bytes/);
  });
});

describe('a Google Merchant feed', () => {
  it('reads sale price, availability words, GTIN and product type from a file', async () => {
    const report = await ingest({ store: 'Fixture Electronics', source: fixture('feed.xml') });
    expect(report).toMatchObject({ new: 3, failed: 0 });
    const rows = await offersOf(report.store.id);
    expect(rows.map((o) => [o.storeItemId, o.price, o.inStock])).toEqual([
      ['FE-1001', 234_999_00, true],
      ['FE-1002', 159_999_00, false],
      ['FE-1003', 124_999_00, true],
    ]);
    const [laptop] = await t.ctx.db.select().from(products).where(eq(products.id, rows[1]!.productId));
    expect(laptop).toMatchObject({
      category: 'laptop',
      gtin: '00884116412345',
      inStock: false,
      lowestPrice: 159_999_00,
    });
  });

  it('matches offers to one product by GTIN across stores, and by name when there is no GTIN', async () => {
    const [a54] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(distinct product_id)::int as n from offers where gtin = '08806094915146'`,
    );
    expect(a54!.n).toBe(1);
    const [ip15] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(distinct product_id)::int as n from offers where store_item_id in ('FE-1001', 'FM-IP15-128')`,
    );
    expect(ip15!.n).toBe(1);
  });

  it('adds exactly one price point when one price changes, and marks a dropped item unavailable', async () => {
    fixtures.route('/feed.xml', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(merchantFeed(5)),
    );
    const first = await ingest({ store: 'Feed Store', source: `${fixtures.url}/feed.xml` });
    expect(first).toMatchObject({ new: 5, updated: 0 });
    const storeId = first.store.id;
    const before = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from price_points pp join offers o on o.id = pp.offer_id where o.external_store_id = ${storeId}`,
    );

    fixtures.route('/feed.xml', (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(merchantFeed(5, (i) => (i === 2 ? 9_500 : 10_000 + i), new Set([5]))),
    );
    const second = await ingest({ store: 'Feed Store', source: `${fixtures.url}/feed.xml` });
    expect(second).toMatchObject({ new: 0, updated: 1, unchanged: 3, unavailable: 1, failed: 0 });
    const rows = await offersOf(storeId);
    const changed = rows.find((o) => o.storeItemId === 'FEED-2')!;
    expect(changed.price).toBe(9_500_00);
    expect((await pointsOf(changed.id)).map((p) => p.price)).toEqual([10_002_00, 9_500_00]);
    // The catalogue product follows its offer's new price.
    const [product] = await t.ctx.db.select().from(products).where(eq(products.id, changed.productId));
    expect(product!.lowestPrice).toBe(9_500_00);
    const dropped = rows.find((o) => o.storeItemId === 'FEED-5')!;
    expect(dropped.available).toBe(false);
    const after = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from price_points pp join offers o on o.id = pp.offer_id where o.external_store_id = ${storeId}`,
    );
    expect(after[0]!.n - before[0]!.n).toBe(2);

    const third = await ingest({ store: 'Feed Store', source: `${fixtures.url}/feed.xml` });
    expect(third).toMatchObject({ new: 0, updated: 0, unchanged: 4, unavailable: 0 });
  });
});

describe('an item that loses a field', () => {
  it('has the field cleared on its offer, and the next run finds it unchanged', async () => {
    const feed = (description: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Feed</title>
<item><g:id>DESC-1</g:id><title>Feedphone Model 1 8GB 128GB</title><link>https://feed.test/p/1</link>
<g:price>10001.00 PKR</g:price><g:brand>Feedphone</g:brand>${description}</item>
</channel></rss>`;
    const run = (description: string) =>
      ingest({
        store: 'Description Store',
        source: 'upload',
        format: 'gmc',
        upload: { fileName: 'feed.xml', content: feed(description) },
      });
    const first = await run('<description>Two cameras, one battery</description>');
    expect((await offersOf(first.store.id))[0]!.description).toBe('Two cameras, one battery');
    // The store stops describing the phone: the offer says so too, and once is enough.
    expect(await run('')).toMatchObject({ updated: 1, unchanged: 0 });
    expect((await offersOf(first.store.id))[0]!.description).toBeNull();
    expect(await run('')).toMatchObject({ updated: 0, unchanged: 1 });
  });
});

describe('marking what a complete feed left out', () => {
  it('keeps the items of the run that failed, even 70,000 of them, and marks the rest unavailable with a price point', async () => {
    fixtures.route('/three.xml', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(merchantFeed(3)),
    );
    const { store } = await ingest({ store: 'Three Items', source: `${fixtures.url}/three.xml` });
    const failed = ['FEED-1', ...Array.from({ length: 70_000 }, (_, i) => `MISSING-${i}`)];

    const marked = await markMissingUnavailable(t.ctx.db, store.id, new Date(Date.now() + 60_000), failed);

    expect(marked).toBe(2);
    const rows = await offersOf(store.id);
    expect(rows.map((o) => [o.storeItemId, o.available])).toEqual([
      ['FEED-1', true],
      ['FEED-2', false],
      ['FEED-3', false],
    ]);
    expect((await pointsOf(rows[1]!.id)).map((p) => p.inStock)).toEqual([true, false]);
  });
});

describe('a CSV feed', () => {
  it('uses the Merchant field names, prefers the sale price and reports a bad row', async () => {
    const report = await ingest({ store: 'Fixture CSV', source: fixture('feed.csv') });
    expect(report).toMatchObject({ new: 2, failed: 1 });
    expect(report.failures[0]!.reason).toBe('item without a title');
    const rows = await offersOf(report.store.id);
    expect(rows.map((o) => [o.storeItemId, o.price, o.inStock])).toEqual([
      ['FC-1', 189_999_00, true],
      ['FC-2', 34_999_00, true],
    ]);
  });
});
