/**
 * Beyond each field's declared range, on every route: huge and odd numbers, long strings and odd encodings in
 * every path parameter, every query parameter and every body field (on top of a valid body where the route has
 * one, so the value under test is the one that reaches the service). No answer may be a 5xx; every 4xx explains
 * itself. The routes come from the app's own route table, so a new route is fuzzed without being listed here.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addProduct } from '../modules/catalog/test-fixtures';
import { buildTestApp } from '../testing/test-app';
import { createCustomer, createSeller } from '../testing/factories';

const t = await buildTestApp();
const customer = await createCustomer(t);
const seller = await createSeller(t);
const listing = await addProduct(t, seller, { name: 'Fuzz Phone 7', category: 'mobile', ram: 8, storage: 128 });

/** Numbers as a shopper, a script or a broken client may write them (query strings and path segments). */
const oddNumbers = [
  '1e20',
  String(2 ** 31),
  String(2 ** 31 - 1),
  String(2 ** 53 + 1),
  '99999999999',
  // Rs 30,000,000: inside the old form's limit, beyond a 32-bit count of paisa.
  '30000000',
  '9'.repeat(400),
  '-1',
  '-2147483649',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '0x7fffffff',
  '1_000',
  ' 12 ',
  '١٢٣',
  '１２３',
];
/** Long strings and encodings a decoder may trip on; written into the URL as they are (already encoded). */
const oddEncodings = ['%00', '%ff%fe', '%E0%A4%A', '%C0%AE%C0%AE', '%252e%252e%252f', '..%2F..%2Fetc', '%F0%9F%98%80'];
const longText = 'x'.repeat(5000);
/** Budgets and sizes in words, which the search and the assistant turn into numbers of their own. */
const oddWords = [
  'laptop under 99999999999999999999 lakh',
  'phone above 9999999999999 million with 9999 tb ram',
  'between 2147483648 and 99999999999k',
  `under ${'9'.repeat(300)} lakh`,
];
/** JSON bodies: numbers JSON can carry, the same as strings, and a number that parses to Infinity. */
const oddJsonNumbers: unknown[] = [1e20, 2 ** 31, 2 ** 53 + 2, -1, -(2 ** 31) - 1, 1.5, 0, ...oddNumbers, longText];

const today = new Date().toISOString().slice(0, 10);
const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const saleBody = {
  title: 'Fuzz sale',
  productIds: [listing.listingId],
  discount: 10,
  startDate: today,
  endDate: nextWeek,
};
const productBody = {
  name: 'Fuzz Laptop 15',
  brand: 'Fuzzbrand',
  category: 'laptop',
  description: 'A laptop for fuzzing',
  ram: 16,
  storage: 512,
  price: 150_000_00,
  quantity: 2,
  image: '/uploads/demo/laptop.svg',
};

/** A valid body per route, so that one odd field at a time is what the route has to refuse. */
const validBodies: Record<string, Record<string, unknown>> = {
  'POST /api/seller/products': productBody,
  'PUT /api/seller/products/:id': { ...productBody, stock: 'instock' },
  'POST /api/cart/items': { listingId: listing.listingId, quantity: 1 },
  'PATCH /api/cart/items/:productId': { quantity: 1 },
  'POST /api/seller/sales': saleBody,
  'PUT /api/seller/sales/:code': saleBody,
  'POST /api/seller/promos': { title: 'Fuzz promo', discount: 10, startDate: today, endDate: nextWeek },
  'POST /api/price-alerts': { productId: listing.id, targetPrice: 1_000_00 },
  'POST /api/wishlist': { productId: listing.id },
  'POST /api/compare': { productId: listing.id },
  'POST /api/orders/:orderId/reviews': { productId: listing.listingId, text: 'Good', rating: 5 },
  'POST /api/checkout': { paymentMethod: 'cashOnDel', shippingAddress: '1 Test Street, Lahore' },
  'POST /api/seller/orders/:orderId/reject': { reason: 'Out of stock in the shop' },
  'PUT /api/seller/blogs/:id': { title: 'Fuzz post', content: 'Fuzz content' },
  'PUT /api/seller/complaints/:id': { status: 'Resolved', actionTaken: 'Refunded' },
};

/** Parameters that name something that exists, for the parameters not under test. */
const goodParams: Record<string, string> = {
  id: String(listing.listingId),
  productId: String(listing.listingId),
  code: 'ABCDEF12',
  token: 'a'.repeat(43),
  orderId: 'SG1',
  paymentId: 'pay_1',
  slug: 'store',
};

function keysOf(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return keysOf(schema.in);
  return [];
}

const routes = t.app.routeTable.filter(
  (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.url.includes('stream') && r.access,
);
const cookieFor = (access: string | undefined) =>
  access === 'seller' ? seller.cookie : access === 'customer' || access === 'account' ? customer.cookie : undefined;

interface Probe {
  what: string;
  url: string;
  body?: string;
}

/** Every probe of one route: each odd value in one parameter or field at a time. */
function probesFor(method: string, url: string, schema: (typeof routes)[number]['schema']): Probe[] {
  const params = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const path = (name?: string, raw?: string) =>
    url.replace(/:(\w+)/g, (_, p: string) => (p === name ? raw! : encodeURIComponent(goodParams[p] ?? '1')));
  const base = validBodies[`${method} ${url}`];
  const bodyOf = (fields: Record<string, unknown>) => JSON.stringify({ ...base, ...fields });
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const defaultBody = hasBody ? JSON.stringify(base ?? {}) : undefined;
  const probes: Probe[] = [];
  for (const name of params) {
    for (const value of [...oddNumbers, longText]) {
      probes.push({
        what: `:${name}=${value.slice(0, 20)}`,
        url: path(name, encodeURIComponent(value)),
        body: defaultBody,
      });
    }
    for (const raw of oddEncodings) probes.push({ what: `:${name}=${raw}`, url: path(name, raw), body: defaultBody });
  }
  for (const key of keysOf(schema?.querystring)) {
    for (const value of [...oddNumbers, ...oddWords, longText]) {
      probes.push({ what: `?${key}=${value.slice(0, 20)}`, url: `${path()}?${key}=${encodeURIComponent(value)}` });
    }
    for (const raw of oddEncodings) probes.push({ what: `?${key}=${raw}`, url: `${path()}?${key}=${raw}` });
    probes.push({ what: `?${key} twice`, url: `${path()}?${key}=1&${key}=2147483648` });
  }
  for (const key of keysOf(schema?.body)) {
    for (const value of oddJsonNumbers) {
      probes.push({
        what: `{${key}: ${JSON.stringify(value).slice(0, 20)}}`,
        url: path(),
        body: bodyOf({ [key]: value }),
      });
    }
    // 1e400 is valid JSON that parses to Infinity; JSON.stringify cannot write it.
    probes.push({ what: `{${key}: 1e400}`, url: path(), body: bodyOf({ [key]: '@@' }).replace('"@@"', '1e400') });
    probes.push({ what: `{${key}: [2^31]}`, url: path(), body: bodyOf({ [key]: [2 ** 31, -1] }) });
  }
  return probes;
}

const fuzzed = routes
  .map((r) => ({ ...r, probes: probesFor(r.method, r.url, r.schema) }))
  .filter((r) => r.probes.length > 0);

describe('the fuzzed routes', () => {
  it('include every route with an id, a query or a body', () => {
    const names = fuzzed.map((r) => `${r.method} ${r.url}`);
    for (const route of [
      'GET /api/blogs/:id',
      'GET /api/products',
      'POST /api/seller/products',
      'POST /api/cart/items',
    ]) {
      expect(names).toContain(route);
    }
    expect(fuzzed.length).toBeGreaterThan(40);
  });
});

describe.each(fuzzed)('$method $url', ({ method, access, probes }) => {
  it('answers every out-of-range number, long string and odd encoding without a server error', async () => {
    const cookie = cookieFor(access);
    const failures: string[] = [];
    for (const probe of probes) {
      const res = await t.app.inject({
        method: method as 'POST',
        url: probe.url,
        headers: { ...(cookie ? { cookie } : {}), ...(probe.body ? { 'content-type': 'application/json' } : {}) },
        ...(probe.body ? { payload: probe.body } : {}),
      });
      const explained = res.statusCode < 400 || typeof res.json()?.error?.message === 'string';
      if (res.statusCode >= 500 || !explained) {
        failures.push(`${probe.what} → ${res.statusCode}${res.statusCode < 500 ? ` ${res.body.slice(0, 120)}` : ''}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

describe('the assistant, asked for amounts and sizes beyond any range', () => {
  it.each(oddWords)('answers "%s" without an error event', async (content) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      payload: { messages: [{ role: 'user', content }] },
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('event: error');
  });
});
