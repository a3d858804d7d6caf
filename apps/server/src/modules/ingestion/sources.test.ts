import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { formatRs, MAX_PRICE } from '@pricehub/shared/rules/money';
import { offers } from '../../db/schema';
import { buildTestApp } from '../../testing/test-app';
import { startFixtureServer } from './fixtures/fixture-server';
import { ingestSource } from './ingest';

const t = await buildTestApp();
const fixtures = await startFixtureServer();
afterAll(() => fixtures.close());
const fast = { timeoutMs: 2_000, backoffMs: 20, delayMs: 0 };
const otherHost = fixtures.url.replace('127.0.0.1', 'localhost');
const reached = (path: string) => fixtures.requests.some((r) => r.path === path);
const xml = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/xml' }).end(body);

describe('a sitemap', () => {
  it('is followed only on the store’s own host, with a line for the entries it skipped', async () => {
    fixtures.route(
      '/mixed-sitemap.xml',
      xml(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sitemap><loc>${fixtures.url}/own-pages.xml</loc></sitemap>
        <sitemap><loc>${otherHost}/their-pages.xml</loc></sitemap></sitemapindex>`),
    );
    fixtures.route(
      '/own-pages.xml',
      xml(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>${fixtures.url}/products/galaxy-a54.html</loc></url>
        <url><loc>${otherHost}/products/pixel-8.html</loc></url>
        <url><loc>http://169.254.169.254/latest/meta-data/</loc></url></urlset>`),
    );
    const source = `${fixtures.url}/mixed-sitemap.xml`;
    const report = await ingestSource(t.ctx, { store: 'Sitemap Mixer', source, fetcher: fast });
    expect(report.new).toBe(1);
    expect(report.failures).toEqual([{ where: source, reason: '3 sitemap entries on other hosts skipped' }]);
    expect(reached('/their-pages.xml')).toBe(false);
    expect(reached('/products/pixel-8.html')).toBe(false);
  });
});

describe('an item', () => {
  it('whose URL is javascript:, data: or file: is refused with a line in the report; the others are kept', async () => {
    const item = (id: string, link: string, image = 'https://img.test/a.jpg') =>
      `<item><g:id>${id}</g:id><title>Schemephone ${id} 8GB 128GB</title><link>${link}</link>
       <g:price>50000.00 PKR</g:price><g:brand>Schemephone</g:brand><g:image_link>${image}</g:image_link></item>`;
    fixtures.route(
      '/schemes.xml',
      xml(`<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>
        ${item('OK-1', 'https://scheme.test/p/1')}
        ${item('OK-2', 'http://scheme.test/p/2', 'javascript:alert(1)')}
        ${item('JS-1', 'javascript:alert(document.cookie)')}
        ${item('JS-2', ' JavaScript:alert(1)')}
        ${item('DATA-1', 'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;')}
        ${item('FILE-1', 'file:///etc/passwd')}
      </channel></rss>`),
    );
    const report = await ingestSource(t.ctx, {
      store: 'Scheme Store',
      source: `${fixtures.url}/schemes.xml`,
      fetcher: fast,
    });
    expect(report).toMatchObject({ new: 2, failed: 4 });
    const reason = 'offer URL is not an http or https address';
    expect(report.failures).toEqual([
      { where: 'javascript:alert(document.cookie)', reason },
      { where: 'javascript:alert(1)', reason },
      { where: 'data:text/html,<script>alert(1)</script>', reason },
      { where: 'file:///etc/passwd', reason },
    ]);
    const rows = await t.ctx.db.select().from(offers).where(eq(offers.externalStoreId, report.store.id));
    expect(rows.map((o) => [o.storeItemId, o.url, o.image]).sort()).toEqual([
      ['OK-1', 'https://scheme.test/p/1', 'https://img.test/a.jpg'],
      ['OK-2', 'http://scheme.test/p/2', ''],
    ]);
  });

  it(`priced above the ${formatRs(MAX_PRICE)} cap is refused with a line, not a database error`, async () => {
    fixtures.route(
      '/dear.xml',
      xml(`<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>
        <item><g:id>GOLD-1</g:id><title>Golden Phone 8GB 128GB</title><link>https://gold.test/p/1</link>
        <g:price>30000000.00 PKR</g:price><g:brand>Golden</g:brand></item></channel></rss>`),
    );
    const report = await ingestSource(t.ctx, {
      store: 'Gold Store',
      source: `${fixtures.url}/dear.xml`,
      fetcher: fast,
    });
    expect(report).toMatchObject({ new: 0, failed: 1 });
    expect(report.failures).toEqual([
      { where: 'https://gold.test/p/1', reason: `price above the ${formatRs(MAX_PRICE)} cap` },
    ]);
  });
});
