import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { addDays, utcIsoDay } from '@pricehub/shared/rules/dates';
import { sales, stores } from '../../db/schema';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { insertProduct, storeIdOf } from './test-fixtures';

const t = await buildTestApp();
const m = messages.sale;
const today = utcIsoDay(new Date());

const seller = await createSeller(t);
const storeId = await storeIdOf(t.ctx, seller.id);
const phone = await insertProduct(t.ctx, storeId, { name: 'Galaxy A15', price: 49_999_00 });
const laptop = await insertProduct(t.ctx, storeId, { name: 'IdeaPad 3', category: 'laptop', price: 120_000_00 });
const rival = await createSeller(t);
const rivalProduct = await insertProduct(t.ctx, await storeIdOf(t.ctx, rival.id), { name: 'Rival Phone' });

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Winter Deals',
  productIds: [phone.id, laptop.id],
  discount: 20,
  startDate: today,
  endDate: addDays(today, 7),
  ...over,
});
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload: payload as object } : {}) });
const storeSaleCount = async () => (await t.ctx.db.select().from(sales).where(eq(sales.storeId, storeId))).length;

describe('sale rules on the server', () => {
  it.each([
    ['a blank title', { title: '  ' }, m.titleRequired, 'title'],
    ['no products', { productIds: [] }, m.productsRequired, 'productIds'],
    ['a 0% discount', { discount: 0 }, m.discountRange, 'discount'],
    ['a 101% discount', { discount: 101 }, m.discountRange, 'discount'],
    ['a fractional discount', { discount: 12.5 }, m.discountRange, 'discount'],
    ['a start yesterday', { startDate: addDays(today, -1) }, m.startInPast, 'startDate'],
    ['a missing start', { startDate: undefined }, m.startInPast, 'startDate'],
    ['an end equal to the start', { endDate: today }, m.endBeforeStart, 'endDate'],
    [
      'an end before the start',
      { startDate: addDays(today, 3), endDate: addDays(today, 1) },
      m.endBeforeStart,
      'endDate',
    ],
    ['an impossible day', { endDate: '2026-02-30' }, m.endBeforeStart, 'endDate'],
  ])('refuses %s with the spec message and writes nothing', async (_, over, message, field) => {
    const res = await call('POST', '/api/seller/sales', seller.cookie, body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await storeSaleCount()).toBe(0);
  });

  it('refuses another store’s product (403) and an unknown product (400)', async () => {
    expect(
      (await call('POST', '/api/seller/sales', seller.cookie, body({ productIds: [phone.id, rivalProduct.id] })))
        .statusCode,
    ).toBe(403);
    expect((await call('POST', '/api/seller/sales', seller.cookie, body({ productIds: [999_999] }))).statusCode).toBe(
      400,
    );
    expect(await storeSaleCount()).toBe(0);
  });

  it('answers 401 to visitors and 403 to customers', async () => {
    const customer = await createCustomer(t);
    expect((await call('GET', '/api/seller/sales')).statusCode).toBe(401);
    expect((await call('POST', '/api/seller/sales', undefined, body())).statusCode).toBe(401);
    expect((await call('POST', '/api/seller/sales', customer.cookie, body())).statusCode).toBe(403);
  });
});

describe('a sale’s life', () => {
  it('creates a sale starting today with a server-made 8-hex code and priced products', async () => {
    const res = await call('POST', '/api/seller/sales', seller.cookie, body());
    expect(res.statusCode).toBe(201);
    const { sale } = res.json();
    expect(sale.code).toMatch(/^[0-9A-F]{8}$/);
    expect(sale).toMatchObject({
      title: 'Winter Deals',
      discount: 20,
      startDate: today,
      endDate: addDays(today, 7),
      status: 'running',
    });
    expect(sale.products).toEqual([
      { id: phone.id, name: 'Galaxy A15', image: '', price: 49_999_00, salePrice: 39_999_00 },
      { id: laptop.id, name: 'IdeaPad 3', image: '', price: 120_000_00, salePrice: 96_000_00 },
    ]);
    const list = await call('GET', '/api/seller/sales', seller.cookie);
    expect(list.json().sales.map((s: { code: string }) => s.code)).toEqual([sale.code]);
    const one = await call('GET', `/api/seller/sales/${sale.code.toLowerCase()}`, seller.cookie);
    expect(one.json().sale.code).toBe(sale.code);
  });

  it('shows it to shoppers: in the active list and on its public page with sale prices', async () => {
    const { sales: mine } = (await call('GET', '/api/seller/sales', seller.cookie)).json();
    const code = mine[0].code;
    const active = (await call('GET', '/api/sales')).json().sales;
    expect(active).toEqual([expect.objectContaining({ code, percent: 20, productCount: 2 })]);
    const detail = await call('GET', `/api/sales/${code}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().sale).toMatchObject({
      code,
      title: 'Winter Deals',
      percent: 20,
      store: { name: seller.storeName },
    });
    expect(detail.json().products.map((p: { salePrice: number }) => p.salePrice)).toEqual([39_999_00, 96_000_00]);
    expect((await call('GET', '/api/sales/ABCDEF12')).statusCode).toBe(404);
  });

  it('keeps another seller out: 403 on their code, 404 on an unknown one, and nothing changes', async () => {
    const code = (await call('GET', '/api/seller/sales', seller.cookie)).json().sales[0].code;
    expect((await call('GET', '/api/seller/sales', rival.cookie)).json().sales).toEqual([]);
    expect((await call('GET', `/api/seller/sales/${code}`, rival.cookie)).statusCode).toBe(403);
    expect(
      (
        await call(
          'PUT',
          `/api/seller/sales/${code}`,
          rival.cookie,
          body({ title: 'Hijack', productIds: [rivalProduct.id] }),
        )
      ).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/seller/sales/${code}`, rival.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/seller/sales/0000FFFF', seller.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/seller/sales/${code}`, seller.cookie)).json().sale.title).toBe('Winter Deals');
  });

  it('edits title, discount and products; a running sale keeps its past start', async () => {
    const code = (await call('GET', '/api/seller/sales', seller.cookie)).json().sales[0].code;
    t.setNow(new Date(Date.now() + 2 * 86_400_000));
    try {
      const res = await call(
        'PUT',
        `/api/seller/sales/${code}`,
        seller.cookie,
        body({ title: 'Winter Deals II', discount: 50, productIds: [laptop.id] }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().sale).toMatchObject({ title: 'Winter Deals II', discount: 50, startDate: today });
      expect(res.json().sale.products).toEqual([expect.objectContaining({ id: laptop.id, salePrice: 60_000_00 })]);
      const earlier = await call(
        'PUT',
        `/api/seller/sales/${code}`,
        seller.cookie,
        body({ startDate: addDays(today, -1) }),
      );
      expect(earlier.statusCode).toBe(400);
      expect(earlier.json().error.message).toBe(m.startInPast);
    } finally {
      t.setNow(new Date());
    }
  });

  it('hides a closed store’s sale from shoppers', async () => {
    const code = (await call('GET', '/api/seller/sales', seller.cookie)).json().sales[0].code;
    await t.ctx.db.update(stores).set({ status: 'closed' }).where(eq(stores.id, storeId));
    try {
      expect((await call('GET', `/api/sales/${code}`)).statusCode).toBe(404);
      expect((await call('GET', '/api/sales')).json().sales).toEqual([]);
    } finally {
      await t.ctx.db.update(stores).set({ status: 'open' }).where(eq(stores.id, storeId));
    }
  });

  it('deletes it for its owner only', async () => {
    const code = (await call('GET', '/api/seller/sales', seller.cookie)).json().sales[0].code;
    const res = await call('DELETE', `/api/seller/sales/${code}`, seller.cookie);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/seller/sales/${code}`, seller.cookie)).statusCode).toBe(404);
    expect(await storeSaleCount()).toBe(0);
  });
});
