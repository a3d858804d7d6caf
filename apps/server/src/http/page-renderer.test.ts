import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { addProduct, productBody } from '../modules/catalog/test-fixtures';
import { createCustomer, createSeller } from '../testing/factories';
import { buildTestApp } from '../testing/test-app';

const SHELL =
  '<!doctype html><html><head><title>PriceHub</title></head><body><div id="root"></div><script src="/boot.js"></script></body></html>';

/** A built web app whose server entry is `entrySource` (the real one is apps/web/src/entry-server.tsx). */
function fakeDist(name: string, entrySource: string): string {
  const dir = `/tmp/pricehub-ssr-${name}-${process.pid}`;
  mkdirSync(`${dir}/ssr`, { recursive: true });
  writeFileSync(`${dir}/index.html`, SHELL);
  writeFileSync(`${dir}/ssr/entry-server.js`, entrySource);
  return dir;
}

// Draws the page from what the API says about the visitor, as the real entry does through its transport.
const drawing = fakeDist(
  'page',
  `export async function render(request, transport) {
     const { pathname } = new URL(request.url);
     globalThis.__pageRenders = (globalThis.__pageRenders ?? 0) + 1;
     if (pathname === '/old') return { kind: 'redirect', status: 302, location: '/new' };
     const product = pathname.startsWith('/p/') ? [pathname, pathname.slice(3)] : null;
     if (product) {
       const p = await (await transport('/products/' + product[1], { method: 'GET' })).json();
       return { kind: 'page', status: 200, html: '<main>' + p.name + ' for ' + p.lowestPrice + '</main>', state: '' };
     }
     if (pathname !== '/') return null;
     const session = await (await transport('/auth/session', { method: 'GET' })).json();
     const who = session.user ? session.user.name : 'a visitor';
     return { kind: 'page', status: 200, html: '<main>Hello, ' + who + '. ' + 'x'.repeat(2000) + '</main>',
              state: '<script type="application/json" id="ssr-state">{"queries":{}}</script>' };
   }`,
);
// As the real entry does: one page for everyone, the signed-in customer's own part put in by `personalize`.
const sharing = fakeDist(
  'sharing',
  `export async function render(request, transport) {
     globalThis.__sharedRenders = (globalThis.__sharedRenders ?? 0) + 1;
     const session = await (await transport('/auth/session', { method: 'GET' })).json();
     const who = session.user ? session.user.name : 'Sign-In';
     return { kind: 'page', status: 200, state: '',
              html: '<header>[' + who + ']</header><main>' + 'Everyone sees this. '.repeat(100) + '</main>' };
   }
   export function personalPlaces(html) {
     const at = html.indexOf('[Sign-In]');
     return at < 0 ? null : [[at + 1, at + 8]];
   }
   export async function personalize(read) {
     const session = JSON.parse((await read('/auth/session')).body);
     if (session.user?.role !== 'customer') return null;
     return [session.user.name];
   }`,
);
// A customer's own part that shows exactly the answers it read: who they are and their cart count.
const ownAnswers = fakeDist(
  'own-answers',
  `export async function render() {
     return { kind: 'page', status: 200, state: '', html: '<header>[Sign-In]</header><main>Shared.</main>' };
   }
   export function personalPlaces(html) {
     const at = html.indexOf('[Sign-In]');
     return at < 0 ? null : [[at + 1, at + 8]];
   }
   export async function personalize(read) {
     const { body } = await read('/auth/session');
     if (JSON.parse(body).user?.role !== 'customer') return null;
     const count = await read('/cart/count');
     return [body + ' ' + count.status + ' ' + count.body];
   }`,
);
const failing = fakeDist(
  'failing',
  `export async function render() {
     globalThis.__brokenRenders = (globalThis.__brokenRenders ?? 0) + 1;
     throw new Error('renderer broke');
   }`,
);

const t = await buildTestApp({ webDist: drawing });
const web = await buildApp(t.ctx, { web: true });
const shared = await buildApp({ ...t.ctx, config: { ...t.ctx.config, webDist: sharing } }, { web: true });
const broken = await buildApp({ ...t.ctx, config: { ...t.ctx.config, webDist: failing } }, { web: true });
// Another app server on the same database: its own connections on PostgreSQL (PGlite lives in one process).
const otherDatabase = t.ctx.database.url
  ? await openDatabase({ url: t.ctx.database.url, poolSize: 2 })
  : t.ctx.database;
const other = await buildApp({ ...t.ctx, database: otherDatabase, db: otherDatabase.db });
afterAll(async () => {
  await web.close();
  await broken.close();
  await shared.close();
  await other.close();
  if (otherDatabase !== t.ctx.database) await otherDatabase.close();
});

/** Whether the page shows `text` within `ms`, read again every 20 ms. */
async function shownWithin(ms: number, page: () => Promise<string>, text: string): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await page()).includes(text)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('server-rendered pages', () => {
  it('puts the rendered page and its state into the shell, for this visitor, never cached by shared caches', async () => {
    const customer = await createCustomer(t, { name: 'Ayesha Khan' });
    const res = await web.inject({ method: 'GET', url: '/', headers: { cookie: customer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main>Hello, Ayesha Khan.');
    expect(res.body).toContain('<script type="application/json" id="ssr-state">{"queries":{}}</script>');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const visitor = await web.inject({ method: 'GET', url: '/' });
    expect(visitor.body).toContain('<main>Hello, a visitor.');
  });

  it('sends the HTML brotli-compressed to a browser that accepts it', async () => {
    const res = await web.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<main>Hello, a visitor.');
  });

  it('answers a route the renderer redirects with that redirect', async () => {
    const res = await web.inject({ method: 'GET', url: '/old' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/new');
  });

  it("draws a visitor's page once and sends it to every visitor; a signed-in shopper always gets their own", async () => {
    const renders = () => (globalThis as { __pageRenders?: number }).__pageRenders ?? 0;
    const before = renders();
    const visits = await Promise.all([1, 2, 3].map(() => web.inject({ method: 'GET', url: '/?from=cache-test' })));
    expect(visits.map((v) => v.body.includes('<main>Hello, a visitor.'))).toEqual([true, true, true]);
    expect(renders() - before).toBe(1);
    const customer = await createCustomer(t, { name: 'Bilal Cached' });
    const signedIn = await web.inject({
      method: 'GET',
      url: '/?from=cache-test',
      headers: { cookie: customer.cookie },
    });
    expect(signedIn.body).toContain('<main>Hello, Bilal Cached.');
    expect(renders() - before).toBe(2);
    const again = await web.inject({ method: 'GET', url: '/?from=cache-test' });
    expect(again.body).toContain('<main>Hello, a visitor.');
    expect(renders() - before).toBe(2);
  });

  it("sends a signed-in customer the page drawn for everyone with their own part put in; others' are drawn whole", async () => {
    const renders = () => (globalThis as { __sharedRenders?: number }).__sharedRenders ?? 0;
    const before = renders();
    const visitor = await shared.inject({ method: 'GET', url: '/?from=personal-test' });
    expect(visitor.body).toContain('<header>[Sign-In]</header><main>Everyone sees this.');
    // A visitor's browser that takes only gzip gets the same page, joined from the kept pieces.
    const gzipOnly = await shared.inject({
      method: 'GET',
      url: '/?from=personal-test',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(visitor.body);
    const [ayesha, zoe] = [
      await createCustomer(t, { name: 'Ayesha Shared' }),
      await createCustomer(t, { name: 'Zoë Ähmed' }),
    ];
    for (const [customer, name] of [
      [ayesha, 'Ayesha Shared'],
      [zoe, 'Zoë Ähmed'],
    ] as const) {
      // A browser takes gzip: the kept page's text and the shopper's own part, joined into one gzip stream.
      const page = await shared.inject({
        method: 'GET',
        url: '/?from=personal-test',
        headers: { cookie: customer.cookie, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.headers['content-encoding']).toBe('gzip');
      const html = gunzipSync(page.rawPayload).toString();
      expect(html).toContain(`<header>[${name}]</header><main>Everyone sees this. Everyone`);
      expect(html).not.toContain('Sign-In');
      // A client that takes no gzip gets the same page, in what it takes.
      const plain = await shared.inject({
        method: 'GET',
        url: '/?from=personal-test',
        headers: { cookie: customer.cookie, 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);
      const brotli = await shared.inject({
        method: 'GET',
        url: '/?from=personal-test',
        headers: { cookie: customer.cookie, 'accept-encoding': 'br' },
      });
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(html);
    }
    // Drawn once, for the visitor; both customers got that page with their own name.
    expect(renders() - before).toBe(1);
    // A seller's page is not a customer's page with another name: it is drawn whole, for the seller.
    const seller = await createSeller(t);
    const sellers = await shared.inject({
      method: 'GET',
      url: '/?from=personal-test',
      headers: { cookie: seller.cookie },
    });
    expect(sellers.body).toContain('<header>[Test Seller]</header>');
    expect(renders() - before).toBe(2);
    // And the kept page is still everyone's.
    const again = await shared.inject({ method: 'GET', url: '/?from=personal-test' });
    expect(again.body).toContain('<header>[Sign-In]</header>');
  });

  it("puts in a customer's own answers as the API gives them, read without API requests of their own", async () => {
    const own = await buildApp({ ...t.ctx, config: { ...t.ctx.config, webDist: ownAnswers } }, { web: true });
    const apiRequests: string[] = [];
    own.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) apiRequests.push(request.url);
    });
    try {
      const customer = await createCustomer(t, { name: 'Hina Own' });
      const seller = await createSeller(t);
      const { listingId } = await addProduct(t, seller, {
        name: 'Own Parts Phone',
        category: 'mobile',
        price: 9_000_00,
      });
      const api = async (url: string) =>
        (await own.inject({ method: 'GET', url, headers: { cookie: customer.cookie } })).body;
      const page = async () => {
        apiRequests.length = 0;
        const res = await own.inject({
          method: 'GET',
          url: '/?from=own-answers',
          headers: { cookie: customer.cookie },
        });
        const internal = [...apiRequests];
        return { body: res.body, internal };
      };
      const shown = async () =>
        `<header>[${await api('/api/auth/session')} 200 ${await api('/api/cart/count')}]</header>`;

      const first = await page();
      expect(first.body).toContain(await shown());
      expect(first.body).toContain('"name":"Hina Own"');
      expect(first.body).toContain('200 {"count":0}]');
      expect(first.internal).toEqual([]);

      const add = await own.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { cookie: customer.cookie, origin: t.ctx.config.publicUrl },
        payload: { listingId, quantity: 2 },
      });
      expect(add.statusCode).toBe(201);
      const after = await page();
      expect(after.body).toContain('200 {"count":2}]');
      expect(after.body).toContain(await shown());
      expect(after.internal).toEqual([]);

      // Signed out, the same cookie is nobody's: the page is everyone's.
      await own.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: customer.cookie, origin: t.ctx.config.publicUrl },
      });
      expect((await page()).body).toContain('<header>[Sign-In]</header>');
    } finally {
      await own.close();
    }
  });

  it('shows a price changed through this server at once', async () => {
    const seller = await createSeller(t);
    const { id, listingId } = await addProduct(t, seller, {
      name: 'Cached Phone X1',
      category: 'mobile',
      price: 50_000_00,
    });
    const page = () => web.inject({ method: 'GET', url: `/p/${id}` });
    expect((await page()).body).toContain('Cached Phone X1 for 5000000');
    const res = await web.inject({
      method: 'PUT',
      url: `/api/seller/products/${listingId}`,
      headers: { cookie: seller.cookie },
      payload: productBody({ name: 'Cached Phone X1', category: 'mobile', price: 45_000_00, stock: 'instock' }),
    });
    expect(res.statusCode).toBe(200);
    expect((await page()).body).toContain('Cached Phone X1 for 4500000');
  });

  it("keeps a visitor's product page until its product changes, by another app server or by raw SQL", async () => {
    const seller = await createSeller(t);
    const a = await addProduct(t, seller, { name: 'Elsewhere Phone Y1', category: 'mobile', price: 50_000_00 });
    const b = await addProduct(t, seller, { name: 'Untouched Laptop Y2', category: 'laptop', price: 150_000_00 });
    const page = async (id: number) => (await web.inject({ method: 'GET', url: `/p/${id}` })).body;
    const renders = () => (globalThis as { __pageRenders?: number }).__pageRenders ?? 0;
    expect(await page(a.id)).toContain('Elsewhere Phone Y1 for 5000000');
    expect(await page(b.id)).toContain('Untouched Laptop Y2 for 15000000');

    // A second app server on the same database (PostgreSQL: its own pool; PGlite: the one database).
    const res = await other.inject({
      method: 'PUT',
      url: `/api/seller/products/${a.listingId}`,
      headers: { cookie: seller.cookie },
      payload: productBody({ name: 'Elsewhere Phone Y1', category: 'mobile', price: 47_000_00, stock: 'instock' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await shownWithin(2_000, () => page(a.id), 'Elsewhere Phone Y1 for 4700000')).toBe(true);

    await t.ctx.db.execute(sql`update listings set price = 4600000 where id = ${a.listingId}`);
    expect(await shownWithin(2_000, () => page(a.id), 'Elsewhere Phone Y1 for 4600000')).toBe(true);

    // Product B changed in nothing: its page is sent as drawn, without drawing it again.
    const before = renders();
    expect(await page(b.id)).toContain('Untouched Laptop Y2 for 15000000');
    expect(renders()).toBe(before);
  });

  it('sends the plain shell for a page the server does not render, and when rendering fails', async () => {
    const plain = await web.inject({ method: 'GET', url: '/custPanel' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('<div id="root"></div>');
    const failed = await broken.inject({ method: 'GET', url: '/' });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    // A page that could not be drawn is not kept: the next visitor gets a fresh attempt.
    const renders = () => (globalThis as { __brokenRenders?: number }).__brokenRenders ?? 0;
    const before = renders();
    await broken.inject({ method: 'GET', url: '/' });
    expect(renders() - before).toBe(1);
  });
});
