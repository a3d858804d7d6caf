import { describe, expect, it, vi } from 'vitest';
import { addDays, utcIsoDay } from '@pricehub/shared/rules/dates';
import { buildTestApp } from '../../testing/test-app';
import { createSeller } from '../../testing/factories';

const t = await buildTestApp();
const seller = await createSeller(t, { storeName: 'Quiet Corner' });
const headers = { cookie: seller.cookie };

const product = {
  name: 'Zephyrus Nebula Phone',
  brand: 'Zephyrus',
  category: 'mobile',
  description: 'A phone only this store sells',
  ram: 8,
  storage: 128,
  price: 45_000_00,
  quantity: 3,
  image: 'https://example.test/zephyrus.png',
};

const setStatus = (storeStatus: 'open' | 'closed') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/me/profile',
    headers,
    payload: { sellerName: 'Test Seller', storeName: 'Quiet Corner', phoneNo: '03001234567', storeStatus },
  });
const search = async (q: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}` })).json() as {
    items: { id: number }[];
    total: number;
  };

describe('a closed store', () => {
  it('disappears from search and from the active sales, and comes back when reopened', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/seller/products', headers, payload: product });
    expect(created.statusCode).toBe(201);
    // The sale holds the seller's listing; search shows its catalogue product.
    const listingId: number = created.json().listing.id;
    const id: number = created.json().product.id;
    const today = utcIsoDay(new Date());
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/seller/sales',
      headers,
      payload: {
        title: 'Quiet Sale',
        productIds: [listingId],
        discount: 10,
        startDate: today,
        endDate: addDays(today, 3),
      },
    });
    expect(sale.statusCode).toBe(201);

    expect((await search('Zephyrus')).items.map((p) => p.id)).toContain(id);
    expect((await t.app.inject({ method: 'GET', url: '/api/sales' })).json().sales).toHaveLength(1);

    // Search results are cached for up to cache/catalogue-cache.ts's TTL (5 s), so the change may take that long to show.
    const settle = { timeout: 8_000, interval: 250 };
    expect((await setStatus('closed')).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const hidden = await search('Zephyrus');
      expect(hidden.items.map((p) => p.id)).not.toContain(id);
      expect(hidden.total).toBe(0);
    }, settle);
    expect((await t.app.inject({ method: 'GET', url: '/api/sales' })).json().sales).toEqual([]);

    expect((await setStatus('open')).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await search('Zephyrus')).items.map((p) => p.id)).toContain(id), settle);
  });
});
