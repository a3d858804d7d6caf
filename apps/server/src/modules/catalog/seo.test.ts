import { mkdirSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { buildTestApp } from '../../testing/test-app';
import { createSeller } from '../../testing/factories';
import { queryRows } from '../../db/client';
import { insertCatalogueProduct } from '../../testing/catalogue';
import { addOffer, listProduct, storeIdOf } from './test-fixtures';

const dist = `/tmp/pricehub-seo-dist-${process.pid}`;
mkdirSync(dist, { recursive: true });
writeFileSync(
  `${dist}/index.html`,
  '<!doctype html><html><head><title>PriceHub</title><meta name="description" content="default" /></head><body><div id="root"></div></body></html>',
);
const t = await buildTestApp({ webDist: dist, publicUrl: 'http://shop.example' });
const web = await buildApp(t.ctx, { web: true });
afterAll(() => web.close());

const seller = await createSeller(t, { storeName: 'Seo Store' });
const rival = await createSeller(t, { storeName: 'Rival Store' });
const product = await listProduct(t, seller, {
  name: 'Apple iPhone 15 <Pro>',
  brand: 'Apple',
  category: 'mobile',
  description: 'A phone </script><script>alert(1)</script>',
  price: 350_000_00,
});
// The same product at another of our sellers and two other stores (one no longer has it); the rival's second
// listing of it comes from a product merged into it: 4 available offers at 3 stores.
const rivalListing = await listProduct(t, rival, { productId: product.id, name: 'iPhone 15 Pro', price: 360_000_00 });
await addOffer(t, product.id, 'Daraz', 340000_00);
await addOffer(t, product.id, 'Gone Mart', 300000_00, { available: false });
const merged = await listProduct(t, rival, { name: 'Apple iPhone 15 Pro (merged)', brand: 'Apple', price: 355_000_00 });
await t.ctx.db.execute(sql`select merge_products(${product.id}, ${merged.id})`);
const [store] = await queryRows<{ slug: string }>(
  t.ctx.db,
  sql`select slug from stores where id = ${await storeIdOf(t, seller)}`,
);

describe('server-rendered SEO', () => {
  it('gives a product page its title, description and Product + AggregateOffer JSON-LD, escaped', async () => {
    const res = await web.inject({ method: 'GET', url: `/result/productHub/${product.id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Apple iPhone 15 &lt;Pro&gt;: Rs 340,000 | PriceHub</title>');
    expect(html).not.toContain('content="default"');
    expect(html).toMatch(
      /<meta name="description" content="Apple Apple iPhone 15 &lt;Pro&gt; from Rs 340,000 at 3 stores/,
    );
    expect(html).not.toContain('<script>alert(1)');
    const json = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(json).toMatchObject({
      '@type': 'Product',
      name: 'Apple iPhone 15 <Pro>',
      brand: { name: 'Apple' },
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: '340000.00',
        highPrice: '360000.00',
        offerCount: 4,
        priceCurrency: 'PKR',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('redirects a former listing id or a merged product id to the catalogue product page for good', async () => {
    for (const old of [rivalListing.listingId, merged.id]) {
      const res = await web.inject({ method: 'GET', url: `/result/productHub/${old}?ref=share` });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`/result/productHub/${product.id}?ref=share`);
    }
  });

  it('gives a store page its title, and leaves unknown pages with the default head', async () => {
    const res = await web.inject({ method: 'GET', url: `/viewstore/${store!.slug}` });
    expect(res.body).toContain('<title>Seo Store: 1 products | PriceHub</title>');
    expect(res.body).toContain('"@type":"Store"');
    expect(res.body).toContain(`<link rel="canonical" href="http://shop.example/viewstore/${store!.slug}"`);
    // Each page of the pager is a page of its own for search engines.
    const second = await web.inject({ method: 'GET', url: `/viewstore/${store!.slug}?page=2` });
    expect(second.body).toContain('<title>Seo Store: 1 products, page 2 | PriceHub</title>');
    expect(second.body).toContain(`<link rel="canonical" href="http://shop.example/viewstore/${store!.slug}?page=2"`);
    const missing = await web.inject({ method: 'GET', url: '/result/productHub/99999' });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('<title>PriceHub</title>');
  });

  it('serves robots.txt and a sitemap listing stores and each visible catalogue product once', async () => {
    const hidden = await insertCatalogueProduct(t.ctx.db, { name: 'Nobody Sells This' });
    const robots = await web.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'shop.example' } });
    expect(robots.body).toContain('Sitemap: http://shop.example/sitemap.xml');
    // Private pages stay out of search engines: the cart, the account, one's orders and notifications.
    for (const path of ['/shoppingCart', '/custPanel', '/orders/', '/notifications', '/seller']) {
      expect(robots.body).toContain(`Disallow: ${path}\n`);
    }
    const sitemap = await web.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'shop.example' } });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const products = [...sitemap.body.matchAll(/<loc>http:\/\/shop\.example\/result\/productHub\/(\d+)<\/loc>/g)].map(
      (m) => Number(m[1]),
    );
    expect(products).toEqual([product.id]);
    expect(products).not.toContain(hidden);
    expect(sitemap.body).toContain(`<loc>http://shop.example/viewstore/${store!.slug}</loc>`);
  });
});
