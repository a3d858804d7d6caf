import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlatformDashboard } from '@pricehub/shared/schemas/operator-dashboard';
import { queryRows } from '../../db/client';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { insertCatalogueProduct, insertExternalOffer } from '../../testing/catalogue';
import { addListing, caller, createSellerWithStore } from '../../testing/shop';
import { insertOrder } from '../sales/test-fixtures';
import { createTestOperator } from './testing';

const t = await buildTestApp();
const call = caller(t);
const now = new Date('2026-11-20T12:00:00Z');
t.setNow(now);
const DAY = 86_400_000;
const operator = await createTestOperator(t);
const shopper = await createCustomer(t);
const busy = await createSellerWithStore(t);
const quiet = await createSellerWithStore(t);
await addListing(t, busy.storeId, { name: 'Bandicoot Phone 9' });

// Counted: two orders today, one five days ago; not counted: a cancelled one, and one 40 days ago (outside 30).
for (const [daysAgo, total, status] of [
  [0, 1_000_00, 'Booked'],
  [0, 2_000_00, 'Completed'],
  [5, 500_00, 'Completed'],
  [5, 9_999_00, 'Cancelled'],
  [40, 7_000_00, 'Completed'],
] as const) {
  await insertOrder(t.ctx, {
    customerId: shopper.id,
    storeId: busy.storeId,
    total,
    status,
    createdAt: new Date(now.getTime() - daysAgo * DAY),
  });
}

const dashboard = async (query = '') => {
  const res = await call('GET', `/api/operator/dashboard${query}`, operator.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlatformDashboard;
};

describe('GET /api/operator/dashboard', () => {
  it('adds up trade per day over the last 30 days, zero days included', async () => {
    const d = await dashboard();
    expect(d.days).toBe(30);
    expect(d.trade).toHaveLength(30);
    expect(d.trade.at(-1)).toEqual({ date: '2026-11-20', orders: 2, gmv: 3_000_00 });
    expect(d.trade.find((x) => x.date === '2026-11-15')).toEqual({ date: '2026-11-15', orders: 1, gmv: 500_00 });
    expect(d.trade[0]).toEqual({ date: '2026-10-22', orders: 0, gmv: 0 });
    expect(d.totals).toEqual({ orders: 3, gmv: 3_500_00 });
    // The quiet store is open but sold nothing.
    expect(d.activeSellers).toBe(1);
    expect(d.openStores).toBeGreaterThanOrEqual(2);
    expect(quiet.storeId).not.toBe(busy.storeId);
  });

  it('covers 90 days on request and refuses other spans', async () => {
    const d = await dashboard('?days=90');
    expect(d.trade).toHaveLength(90);
    expect(d.totals.orders).toBe(4);
    const bad = await call('GET', '/api/operator/dashboard?days=7', operator.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Days must be 30 or 90');
  });

  it('shows how old each other store’s oldest price is, and the runs that failed', async () => {
    const productId = await insertCatalogueProduct(t.ctx.db, { name: 'Echidna Tab 11' });
    await insertExternalOffer(t.ctx.db, { productId, storeName: 'Stale Mart', price: 50_000_00 });
    const [store] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`update external_stores set last_refreshed_at = ${new Date(now.getTime() - 3 * DAY)}, refresh_interval_minutes = 360
          where name = 'Stale Mart' returning id`,
    );
    await t.ctx.db.execute(sql`update offers set last_checked_at = ${new Date(now.getTime() - 4 * DAY)}
                               where external_store_id = ${store!.id}`);
    await t.ctx.db.execute(
      sql`insert into external_store_runs (store_id, trigger, status, failed_count, failures, error, started_at, finished_at)
          values (${store!.id}, 'schedule', 'done', 2,
                  ${JSON.stringify([
                    { item: 'a', reason: 'No price' },
                    { item: 'b', reason: 'Bad GTIN' },
                  ])}::jsonb,
                  null, ${now}, ${now}),
                 (${store!.id}, 'schedule', 'failed', 0, '[]'::jsonb, 'robots.txt forbids /feed', ${now}, ${now})`,
    );
    const d = await dashboard();
    expect(d.freshness.find((s) => s.name === 'Stale Mart')).toMatchObject({
      offers: 1,
      stale: true,
      oldestCheckAt: new Date(now.getTime() - 4 * DAY).toISOString(),
    });
    expect(d.ingestionFailures.map((f) => [f.store, f.failed, f.error, f.reasons])).toEqual(
      expect.arrayContaining([
        ['Stale Mart', 2, null, ['No price', 'Bad GTIN']],
        ['Stale Mart', 0, 'robots.txt forbids /feed', []],
      ]),
    );
  });

  it('lists the searches that found nothing, most frequent first, not those that found something', async () => {
    for (const q of ['Zorblax 9000', 'zorblax  9000', 'ZORBLAX 9000', 'Quantum toaster', 'bandicoot']) {
      expect((await call('GET', `/api/products?q=${encodeURIComponent(q)}`)).statusCode).toBe(200);
    }
    // Filtered searches narrow on purpose; they do not count.
    await call('GET', `/api/products?q=nothingburger&brand=Apple`);
    const d = await dashboard();
    expect(d.noResultSearches).toEqual([
      { term: 'zorblax 9000', count: 3 },
      { term: 'quantum toaster', count: 1 },
    ]);
  });

  it('is for operators only', async () => {
    expect((await call('GET', '/api/operator/dashboard', shopper.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/operator/dashboard', busy.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/operator/dashboard')).statusCode).toBe(401);
  });
});
