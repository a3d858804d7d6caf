import { mkdirSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { queryRows } from '../db/client';
import { listProduct, storeIdOf } from '../modules/catalog/test-fixtures';
import { createSeller } from '../testing/factories';
import { buildTestApp } from '../testing/test-app';

// A built web app whose server entry writes back the URL it was asked to draw.
const dist = `/tmp/pricehub-public-url-dist-${process.pid}`;
mkdirSync(`${dist}/ssr`, { recursive: true });
writeFileSync(
  `${dist}/index.html`,
  '<!doctype html><html><head><title>PriceHub</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  `${dist}/ssr/entry-server.js`,
  `export async function render(request) {
     return { kind: 'page', status: 200, html: '<main data-url="' + request.url + '"></main>', state: '' };
   }`,
);

// Trusting one hop makes Fastify's request.host follow X-Forwarded-Host: the headers must still change nothing.
const t = await buildTestApp({ webDist: dist, publicUrl: 'https://shop.example.com', trustProxy: 1 });
const web = await buildApp(t.ctx, { web: true });
afterAll(() => web.close());

const seller = await createSeller(t, { storeName: 'Host Store' });
const product = await listProduct(t, seller, { name: 'Host Phone' });
const [store] = await queryRows<{ slug: string }>(
  t.ctx.db,
  sql`select slug from stores where id = ${await storeIdOf(t, seller)}`,
);

const evil = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-for': '203.0.113.9',
};
const get = (url: string) => web.inject({ method: 'GET', url, headers: evil });

describe('absolute URLs come from PUBLIC_URL, never from Host or X-Forwarded-* headers', () => {
  it('product page: canonical, og:image and JSON-LD urls, and the URL the renderer draws', async () => {
    const res = await get(`/result/productHub/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(
      `<link rel="canonical" href="https://shop.example.com/result/productHub/${product.id}" />`,
    );
    expect(res.body).toContain(`data-url="https://shop.example.com/result/productHub/${product.id}"`);
    const json = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(res.body)![1]!);
    expect(json.url).toBe(`https://shop.example.com/result/productHub/${product.id}`);
    expect(json.offers.url).toBe(json.url);
  });

  it('store page: canonical and JSON-LD url', async () => {
    const res = await get(`/viewstore/${store!.slug}`);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`<link rel="canonical" href="https://shop.example.com/viewstore/${store!.slug}" />`);
    expect(res.body).toContain(`"url":"https://shop.example.com/viewstore/${store!.slug}"`);
  });

  it('a path that looks like a host stays a path on PUBLIC_URL', async () => {
    const res = await get('//evil.example/x');
    expect(res.body).toContain('data-url="https://shop.example.com//evil.example/x"');
  });

  it('robots.txt and the sitemap', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).not.toContain('evil.example');
    expect(sitemap.body).toContain('<loc>https://shop.example.com/</loc>');
    expect(sitemap.body).toContain(`<loc>https://shop.example.com/result/productHub/${product.id}</loc>`);
    expect(sitemap.body).toContain(`<loc>https://shop.example.com/viewstore/${store!.slug}</loc>`);
  });
});
