import { mkdirSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { buildTestApp } from '../../testing/test-app';
import { createSeller } from '../../testing/factories';
import { queryRows } from '../../db/client';
import { addProduct, storeIdOf } from './test-fixtures';

const dist = `/tmp/pricehub-seo-dist-${process.pid}`;
mkdirSync(dist, { recursive: true });
writeFileSync(
  `${dist}/index.html`,
  '<!doctype html><html><head><title>PriceHub</title><meta name="description" content="default" /></head><body><div id="root"></div></body></html>',
);
const t = await buildTestApp({ webDist: dist });
const web = await buildApp(t.ctx, { web: true });
afterAll(() => web.close());

const seller = await createSeller(t, { storeName: 'Seo Store' });
const product = await addProduct(t, seller, {
  name: 'Apple iPhone 15 <Pro>',
  brand: 'Apple',
  category: 'mobile',
  description: 'A phone </script><script>alert(1)</script>',
  price: 350000,
});
const [store] = await queryRows<{ slug: string }>(
  t.ctx.db,
  sql`select slug from stores where id = ${await storeIdOf(t, seller)}`,
);

describe('server-rendered SEO', () => {
  it('gives a product page its title, description and Product + Offer JSON-LD, escaped', async () => {
    const res = await web.inject({ method: 'GET', url: `/result/productHub/${product.id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Apple iPhone 15 &lt;Pro&gt;: Rs 350,000 | PriceHub</title>');
    expect(html).not.toContain('content="default"');
    expect(html).toMatch(/<meta name="description" content="Apple Apple iPhone 15 &lt;Pro&gt; for Rs 350,000/);
    expect(html).not.toContain('<script>alert(1)');
    const json = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(json).toMatchObject({
      '@type': 'Product',
      name: 'Apple iPhone 15 <Pro>',
      brand: { name: 'Apple' },
      offers: {
        '@type': 'Offer',
        price: '350000.00',
        priceCurrency: 'PKR',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('gives a store page its title, and leaves unknown pages with the default head', async () => {
    const res = await web.inject({ method: 'GET', url: `/viewstore/${store!.slug}` });
    expect(res.body).toContain('<title>Seo Store: 1 products | PriceHub</title>');
    expect(res.body).toContain('"@type":"Store"');
    const missing = await web.inject({ method: 'GET', url: '/result/productHub/99999' });
    expect(missing.body).toContain('<title>PriceHub</title>');
  });

  it('serves robots.txt and a sitemap listing stores and products', async () => {
    const robots = await web.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'shop.example' } });
    expect(robots.body).toContain('Sitemap: http://shop.example/sitemap.xml');
    const sitemap = await web.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'shop.example' } });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>http://shop.example/result/productHub/${product.id}</loc>`);
    expect(sitemap.body).toContain(`<loc>http://shop.example/viewstore/${store!.slug}</loc>`);
  });
});
