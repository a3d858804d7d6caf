import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPERATOR_PAGE_SIZE, type OperatorStore } from '@pricehub/shared/schemas/operator';
import { stores } from '../../db/schema';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { registerSeller } from '../auth/service';
import { addListing, createSellerWithStore } from '../../testing/shop';
import { insertOrder } from '../sales/test-fixtures';
import { createTestOperator } from './testing';

const t = await buildTestApp();
const operator = await createTestOperator(t, { email: 'lead.ops@example.test' });
const shopper = await createCustomer(t);
const busy = await createSellerWithStore(t);
await t.ctx.db.update(stores).set({ name: 'Busy Bazaar' }).where(eq(stores.id, busy.storeId));
await addListing(t, busy.storeId);
await addListing(t, busy.storeId);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
for (const [total, when, status] of [
  [100_000_00, daysAgo(1), 'Booked'],
  [50_000_00, daysAgo(29), 'Completed'],
  [70_000_00, daysAgo(2), 'Cancelled'],
  [900_000_00, daysAgo(45), 'Completed'],
] as const) {
  await insertOrder(t.ctx, { customerId: shopper.id, storeId: busy.storeId, total, createdAt: when, status });
}
// Two reviews of what the store sold.
await t.ctx.db.execute(sql`insert into reviews (customer_id, order_line_id, store_id, rating, text)
  select ${shopper.id}, ol.id, o.store_id, 3 + (row_number() over (order by ol.id))::int % 2, 'ok'
  from order_lines ol join orders o on o.id = ol.order_id where o.store_id = ${busy.storeId} and o.status = 'Completed'`);
// 21 more stores named alike, for paging.
for (let i = 0; i < 21; i++) {
  await registerSeller(t.ctx, {
    sellerName: `Pager Seller ${i}`,
    storeName: `Pager Store ${String(i).padStart(2, '0')}`,
    email: `pager-${i}@example.test`,
    password: 'Passw0rd!',
    phone: '03001234567',
    license: `PAGER-${i}`,
  });
}

const list = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/operator/stores${query}`,
    headers: { cookie: operator.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: OperatorStore[]; total: number; page: number; pageSize: number };
};

describe('GET /api/operator/stores', () => {
  it('shows each store’s key figures: listings, orders and GMV of the last 30 days, rating and status', async () => {
    const { items } = await list('?q=busy');
    expect(items).toEqual([
      expect.objectContaining({
        name: 'Busy Bazaar',
        seller: { name: 'Test Seller', email: busy.email },
        status: 'open',
        listings: 2,
        // The cancelled order and the one from 45 days ago count for nothing.
        orders30d: 2,
        gmv30d: 150_000_00,
        rating: { average: 3.5, count: 2 },
        suspension: null,
      }),
    ]);
  });

  it('finds a store by its seller’s email, and by status', async () => {
    expect((await list(`?q=${encodeURIComponent(busy.email)}`)).items.map((s) => s.name)).toEqual(['Busy Bazaar']);
    await t.ctx.db.execute(sql`update stores set status = 'closed' where id = ${busy.storeId}`);
    expect((await list('?status=closed')).items.map((s) => s.name)).toEqual(['Busy Bazaar']);
    await t.ctx.db.execute(sql`update stores set status = 'open' where id = ${busy.storeId}`);
    expect((await list('?q=nothing-like-this')).items).toEqual([]);
  });

  it('pages through the stores, 20 at a time, in name order', async () => {
    const first = await list('?q=pager');
    expect(first).toMatchObject({ total: 21, page: 1, pageSize: OPERATOR_PAGE_SIZE });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.name).toBe('Pager Store 00');
    const second = await list('?q=pager&page=2');
    expect(second.items.map((s) => s.name)).toEqual(['Pager Store 20']);
    expect((await list('?q=pager&page=3')).items).toEqual([]);
    expect((await list('?q=pager&page=3')).total).toBe(21);
  });

  it('sorts by GMV, biggest first', async () => {
    expect((await list('?sort=gmv')).items[0]!.name).toBe('Busy Bazaar');
  });

  it('answers bad filters with 400', async () => {
    for (const query of ['?status=banned', '?page=0', '?sort=rating']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/operator/stores${query}`,
        headers: { cookie: operator.cookie },
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/operator/audit', () => {
  it('lists operator actions newest first, filtered by action or words', async () => {
    const [{ slug }] = (await t.ctx.db
      .select({ slug: stores.slug })
      .from(stores)
      .where(eq(stores.id, busy.storeId))) as [{ slug: string }];
    const headers = { cookie: operator.cookie };
    const act = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/operator/stores/${slug}/${path}`, headers, payload });
    expect((await act('suspend', { reason: 'Late deliveries, again' })).statusCode).toBe(200);
    expect((await act('reopen', {})).statusCode).toBe(200);

    const all = (await t.app.inject({ method: 'GET', url: '/api/operator/audit', headers })).json();
    expect(all.items.map((e: { action: string }) => e.action)).toEqual([
      'store.reopen',
      'store.suspend',
      // The test operator was made as the command line makes one.
      'operator.create',
    ]);
    expect(all.actions).toEqual(['operator.create', 'store.reopen', 'store.suspend']);
    expect(all.items[1]).toMatchObject({
      actor: 'lead.ops@example.test',
      target: { type: 'store', id: slug, name: 'Busy Bazaar' },
      reason: 'Late deliveries, again',
      before: { status: 'open' },
      after: { status: 'suspended' },
    });
    expect(all.items[2]).toMatchObject({ actor: 'command line', after: { email: 'lead.ops@example.test' } });

    const suspensions = (
      await t.app.inject({ method: 'GET', url: '/api/operator/audit?action=store.suspend', headers })
    ).json();
    expect(suspensions.total).toBe(1);
    const byWords = (await t.app.inject({ method: 'GET', url: '/api/operator/audit?q=deliveries', headers })).json();
    expect(byWords.items).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('documents the operator console', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { requestBody?: unknown }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/operator/stores', '/api/operator/audit', '/api/seller/suspension']),
    );
    expect(paths['/api/operator/stores/{slug}/suspend']?.post?.requestBody).toBeDefined();
    expect(paths['/api/operator/stores/{slug}/reopen']?.post).toBeDefined();
    // The command line's private door is not advertised.
    expect(paths['/api/internal/operators']).toBeUndefined();
  });
});
