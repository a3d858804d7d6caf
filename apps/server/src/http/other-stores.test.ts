/**
 * A seller who names another store's listing, sale, promo, order, complaint, blog post or notification gets the
 * same 404 as for an id that does not exist (a 403 would confirm that it exists), and nothing changes. Every seller
 * route with an id in its path is listed here: a new one fails the first test until it is.
 */
import { describe, expect, it } from 'vitest';
import { addProduct, productBody } from '../modules/catalog/test-fixtures';
import { buildTestApp } from '../testing/test-app';
import { createCustomer, createSeller } from '../testing/factories';

const t = await buildTestApp();
const owner = await createSeller(t);
const rival = await createSeller(t);
const shopper = await createCustomer(t);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } });
const ok = async (method: Method, url: string, cookie: string, payload?: object) => {
  const res = await call(method, url, cookie, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

// The owner's things: a listing, a sale, a promo, a blog post, and an order with its notification and complaint.
const listing = await addProduct(t, owner, { name: 'Owned Phone 5', category: 'mobile', quantity: 10 });
const today = new Date().toISOString().slice(0, 10);
const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const campaign = { discount: 10, startDate: today, endDate: nextWeek };
const sale = (await ok('POST', '/api/seller/sales', owner.cookie, {
  ...campaign,
  title: 'Owner sale',
  productIds: [listing.listingId],
})) as { sale: { code: string } };
await ok('POST', '/api/seller/promos', owner.cookie, { ...campaign, title: 'Owner promo', code: 'OWNER10' });
const blog = (await ok('POST', '/api/seller/blogs', owner.cookie, { title: 'Owner post', content: 'Hello' })) as {
  blog: { id: number };
};
await ok('POST', '/api/cart/items', shopper.cookie, { listingId: listing.listingId, quantity: 1 });
const placed = (await ok('POST', '/api/checkout', shopper.cookie, {
  paymentMethod: 'cashOnDel',
  shippingAddress: '1 Test Street, Lahore',
})) as { orders: { orderId: string }[] };
const orderId = placed.orders[0]!.orderId;
await ok('POST', '/api/complaints', shopper.cookie, { orderId, subject: 'Late', description: 'Not here yet' });
const [complaint] = (await ok('GET', '/api/seller/complaints', owner.cookie)).complaints as { id: number }[];
// A second order, delivered, that the shopper asks to return.
await ok('POST', '/api/cart/items', shopper.cookie, { listingId: listing.listingId, quantity: 1 });
const delivered = (
  (await ok('POST', '/api/checkout', shopper.cookie, {
    paymentMethod: 'cashOnDel',
    shippingAddress: '1 Test Street, Lahore',
  })) as { orders: { orderId: string }[] }
).orders[0]!.orderId;
await ok('PUT', `/api/seller/orders/${delivered}/status`, owner.cookie, { status: 'Completed' });
const returned = (await ok('POST', `/api/orders/${delivered}/returns`, shopper.cookie, { reason: 'Broken' })) as {
  return: { id: number };
};
const [notification] = (await ok('GET', '/api/seller/notifications', owner.cookie)).notifications as { id: number }[];

const attempts: Record<string, { path: string; body?: object }> = {
  'PUT /api/seller/products/:id': {
    path: `/api/seller/products/${listing.listingId}`,
    body: productBody({ name: 'Taken over', stock: 'instock' }),
  },
  'DELETE /api/seller/products/:id': { path: `/api/seller/products/${listing.listingId}` },
  'GET /api/seller/sales/:code': { path: `/api/seller/sales/${sale.sale.code}` },
  'PUT /api/seller/sales/:code': {
    path: `/api/seller/sales/${sale.sale.code}`,
    body: { ...campaign, title: 'Taken over', productIds: [listing.listingId] },
  },
  'DELETE /api/seller/sales/:code': { path: `/api/seller/sales/${sale.sale.code}` },
  'DELETE /api/seller/promos/:code': { path: '/api/seller/promos/OWNER10' },
  'GET /api/seller/orders/:orderId': { path: `/api/seller/orders/${orderId}` },
  'PUT /api/seller/orders/:orderId/status': {
    path: `/api/seller/orders/${orderId}/status`,
    body: { status: 'Accepted' },
  },
  'POST /api/seller/orders/:orderId/reject': {
    path: `/api/seller/orders/${orderId}/reject`,
    body: { reason: 'Taken over by a rival' },
  },
  'GET /api/seller/orders/:orderId/invoice': { path: `/api/seller/orders/${orderId}/invoice` },
  'PUT /api/seller/returns/:id': { path: `/api/seller/returns/${returned.return.id}`, body: { decision: 'accept' } },
  'PUT /api/seller/complaints/:id': {
    path: `/api/seller/complaints/${complaint!.id}`,
    body: { status: 'Resolved', actionTaken: 'Taken over' },
  },
  'PUT /api/seller/blogs/:id': {
    path: `/api/seller/blogs/${blog.blog.id}`,
    body: { title: 'Taken over', content: 'x' },
  },
  'DELETE /api/seller/blogs/:id': { path: `/api/seller/blogs/${blog.blog.id}` },
  'DELETE /api/seller/notifications/:id': { path: `/api/seller/notifications/${notification!.id}` },
};

describe('seller routes that name one thing', () => {
  it('are all tried below', () => {
    const named = t.app.routeTable
      .filter((r) => r.access === 'seller' && r.url.includes('/:'))
      .map((r) => `${r.method} ${r.url}`);
    expect(named.sort()).toEqual(Object.keys(attempts).sort());
  });

  it.each(Object.entries(attempts))('%s answers another store 404, and the owner still has it', async (route, a) => {
    const res = await call(route.split(' ')[0] as Method, a.path, rival.cookie, a.body);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.message).not.toMatch(/another store|belongs/i);
  });

  it('left everything as the owner made it', async () => {
    expect((await ok('GET', `/api/seller/sales/${sale.sale.code}`, owner.cookie)).sale.title).toBe('Owner sale');
    expect((await ok('GET', `/api/seller/orders/${orderId}`, owner.cookie)).status).toBe('Booked');
    expect((await ok('GET', '/api/seller/promos', owner.cookie)).promos).toHaveLength(1);
    expect((await ok('GET', '/api/seller/blogs', owner.cookie)).blogs[0].title).toBe('Owner post');
    // Two new orders and the return request.
    expect((await ok('GET', '/api/seller/notifications', owner.cookie)).notifications).toHaveLength(3);
    expect((await ok('GET', '/api/seller/returns', owner.cookie)).returns[0].status).toBe('Requested');
    expect((await ok('GET', '/api/seller/complaints', owner.cookie)).complaints[0].status).toBe('Open');
    const mine = (await ok('GET', '/api/seller/products', owner.cookie)).items as { id: number; name: string }[];
    expect(mine.find((p) => p.id === listing.listingId)?.name).toBe('Owned Phone 5');
  });
});

describe('a customer naming another customer’s order', () => {
  it('gets 404 when filing a complaint about it', async () => {
    const stranger = await createCustomer(t);
    const res = await call('POST', '/api/complaints', stranger.cookie, { orderId, subject: 'x', description: 'y' });
    expect(res.statusCode).toBe(404);
  });
});
