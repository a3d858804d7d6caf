import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { addDays, utcIsoDay } from '@pricehub/shared/rules/dates';
import { sales, stores } from '../../db/schema';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { insertListing } from '../../testing/catalogue';
import { insertStoreListing, storeIdOf } from '../sales/test-fixtures';

const t = await buildTestApp();
const m = messages.sale;
const today = utcIsoDay(new Date());

const seller = await createSeller(t);
const storeId = await storeIdOf(t.ctx, seller.id);
const phone = await insertStoreListing(t.ctx, storeId, { name: 'Galaxy A15', price: 49_999_00 });
const laptop = await insertStoreListing(t.ctx, storeId, { name: 'IdeaPad 3', category: 'laptop', price: 120_000_00 });
const rival = await createSeller(t);
const rivalStore = await storeIdOf(t.ctx, rival.id);
const rivalProduct = await insertStoreListing(t.ctx, rivalStore, { name: 'Rival Phone' });
// The rival also sells our seller's phone (the same catalogue product), cheaper.
const rivalPhone = await insertListing(t.ctx.db, {
  storeId: rivalStore,
  productId: phone.productId,
  name: 'Galaxy A15 (rival)',
  price: 45_000_00,
});

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Winter Deals',
  productIds: [phone.listingId, laptop.listingId],
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

  it('refuses another seller’s listing of the same catalogue product as an unknown one (400)', async () => {
    const res = await call('POST', '/api/seller/sales', seller.cookie, body({ productIds: [rivalPhone.listingId] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.product.notFound);
    const theirs = await call('POST', '/api/seller/sales', rival.cookie, body({ productIds: [phone.listingId] }));
    expect(theirs.statusCode).toBe(400);
    expect(await storeSaleCount()).toBe(0);
  });

  it('refuses another store’s product and an unknown product alike (400)', async () => {
    expect(
      (
        await call(
          'POST',
          '/api/seller/sales',
          seller.cookie,
          body({ productIds: [phone.listingId, rivalProduct.listingId] }),
        )
      ).statusCode,
    ).toBe(400);
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
      {
        id: phone.listingId,
        productId: phone.productId,
        name: 'Galaxy A15',
        image: '',
        price: 49_999_00,
        salePrice: 39_999_00,
      },
      {
        id: laptop.listingId,
        productId: laptop.productId,
        name: 'IdeaPad 3',
        image: '',
        price: 120_000_00,
        salePrice: 96_000_00,
      },
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
    // Each row is the seller's listing with its catalogue product, which the product page opens.
    expect(detail.json().products.map((p: { id: number; productId: number }) => [p.id, p.productId])).toEqual([
      [phone.listingId, phone.productId],
      [laptop.listingId, laptop.productId],
    ]);
    // The sale prices the seller's own listing only: the rival's listing of the same phone keeps its price.
    const offers = await t.ctx.db.execute(
      sql`select sp.listing_id from sale_products sp join sales s on s.id = sp.sale_id where s.code = ${code}`,
    );
    expect((offers as unknown as { rows: { listing_id: number }[] }).rows.map((r) => r.listing_id).sort()).toEqual(
      [phone.listingId, laptop.listingId].sort(),
    );
    expect((await call('GET', '/api/sales/ABCDEF12')).statusCode).toBe(404);
  });

  it('keeps another seller out: 404 on their code as on an unknown one, and nothing changes', async () => {
    const code = (await call('GET', '/api/seller/sales', seller.cookie)).json().sales[0].code;
    expect((await call('GET', '/api/seller/sales', rival.cookie)).json().sales).toEqual([]);
    expect((await call('GET', `/api/seller/sales/${code}`, rival.cookie)).statusCode).toBe(404);
    expect(
      (
        await call(
          'PUT',
          `/api/seller/sales/${code}`,
          rival.cookie,
          body({ title: 'Hijack', productIds: [rivalProduct.listingId] }),
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/seller/sales/${code}`, rival.cookie)).statusCode).toBe(404);
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
        body({ title: 'Winter Deals II', discount: 50, productIds: [laptop.listingId] }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().sale).toMatchObject({ title: 'Winter Deals II', discount: 50, startDate: today });
      expect(res.json().sale.products).toEqual([
        expect.objectContaining({ id: laptop.listingId, salePrice: 60_000_00 }),
      ]);
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
