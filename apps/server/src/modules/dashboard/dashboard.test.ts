import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderLines, products, reviews } from '../../db/schema';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { insertOrder, insertStoreListing, storeIdOf } from '../sales/test-fixtures';

const t = await buildTestApp();
// A fixed clock mid-month, so "this month" and "11 months ago" do not depend on when the suite runs.
const now = new Date('2026-06-15T12:00:00Z');
t.setNow(now);

const shopper = await createCustomer(t, { name: 'Bilal Ahmed' });
const seller = await createSeller(t);
const storeId = await storeIdOf(t.ctx, seller.id);
const rival = await createSeller(t);
const rivalStore = await storeIdOf(t.ctx, rival.id);

const phone = await insertStoreListing(t.ctx, storeId, { name: 'Galaxy A15', price: 50_000_00 });
const laptop = await insertStoreListing(t.ctx, storeId, { name: 'IdeaPad 3', price: 120_000_00 });
await t.ctx.db.update(products).set({ views: 42 }).where(eq(products.id, phone.productId));
await t.ctx.db.update(products).set({ views: 7 }).where(eq(products.id, laptop.productId));
await t.ctx.db.insert(reviews).values([
  { productId: phone.productId, rating: 4, text: 'good' },
  { productId: laptop.productId, rating: 5, text: 'great' },
  { productId: laptop.productId, rating: 4, text: 'fine' },
]);
await insertStoreListing(t.ctx, rivalStore, { name: 'Rival Phone', price: 1_00 });
// The rival also sells the Galaxy A15 (the same catalogue product) and got a 1-star review for their sale of it:
// that is the rival's rating, not this store's.
const rivalGalaxy = await insertStoreListing(t.ctx, rivalStore, { name: 'Galaxy A15', productId: phone.productId });
const rivalOrder = await insertOrder(t.ctx, {
  customerId: shopper.id,
  storeId: rivalStore,
  total: 1_00,
  createdAt: new Date('2026-06-02T00:00:00Z'),
});
const [rivalLine] = await t.ctx.db
  .update(orderLines)
  .set({ listingId: rivalGalaxy.listingId })
  .where(eq(orderLines.orderId, rivalOrder))
  .returning();
await t.ctx.db.insert(reviews).values({
  productId: phone.productId,
  orderLineId: rivalLine!.id,
  storeId: rivalStore,
  rating: 1,
  text: 'bad seller',
});

const order = (storeId: number, total: number, iso: string, status?: 'Cancelled' | 'Completed') =>
  insertOrder(t.ctx, { customerId: shopper.id, storeId, total, createdAt: new Date(iso), status });
await order(storeId, 10_000_00, '2026-06-01T00:00:00Z');
await order(storeId, 5_000_00, '2026-06-14T23:59:00Z', 'Completed');
await order(storeId, 99_000_00, '2026-06-10T10:00:00Z', 'Cancelled');
await order(storeId, 7_000_00, '2026-03-31T23:59:59Z');
await order(storeId, 3_000_00, '2025-07-01T00:00:00Z'); // the oldest month shown
await order(storeId, 8_000_00, '2025-06-30T23:59:59Z'); // 12 months back: outside the window
await order(rivalStore, 55_000_00, '2026-06-05T00:00:00Z');

describe('GET /api/seller/dashboard', () => {
  it('is for signed-in sellers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/dashboard' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/seller/dashboard',
      headers: { cookie: shopper.cookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it('aggregates the seller’s own data: KPIs, 12 months ending this month, views and recent orders', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/seller/dashboard', headers: { cookie: seller.cookie } });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.kpis).toEqual({ revenueThisMonth: 15_000_00, orders: 5, products: 2, averageRating: 4.3 });

    expect(d.salesByMonth).toHaveLength(12);
    expect(d.salesByMonth[0]).toEqual({ month: '2025-07', label: 'Jul 2025', revenue: 3_000_00, orders: 1 });
    expect(d.salesByMonth[11]).toEqual({ month: '2026-06', label: 'Jun 2026', revenue: 15_000_00, orders: 2 });
    expect(d.salesByMonth.find((m: { month: string }) => m.month === '2026-03')).toMatchObject({ revenue: 7_000_00 });
    const empty = d.salesByMonth.filter((m: { revenue: number }) => m.revenue === 0);
    expect(empty).toHaveLength(9);
    expect(empty.every((m: { orders: number }) => m.orders === 0)).toBe(true);

    expect(d.priceChart).toEqual([
      { name: 'Galaxy A15', price: 50_000_00 },
      { name: 'IdeaPad 3', price: 120_000_00 },
    ]);
    expect(d.views).toEqual([
      { name: 'Galaxy A15', views: 42 },
      { name: 'IdeaPad 3', views: 7 },
    ]);
    expect(d.recentOrders).toHaveLength(6);
    expect(d.recentOrders[0]).toMatchObject({ customer: 'Bilal Ahmed', total: 5_000_00, status: 'Completed' });
    expect(d.recentOrders.map((o: { total: number }) => o.total)).not.toContain(55_000_00);
  });

  it('answers zeros for a new seller', async () => {
    const fresh = await createSeller(t);
    const d = (
      await t.app.inject({ method: 'GET', url: '/api/seller/dashboard', headers: { cookie: fresh.cookie } })
    ).json();
    expect(d.kpis).toEqual({ revenueThisMonth: 0, orders: 0, products: 0, averageRating: null });
    expect(d.salesByMonth.every((m: { revenue: number }) => m.revenue === 0)).toBe(true);
    expect(d.priceChart).toEqual([]);
    expect(d.recentOrders).toEqual([]);
  });
});
