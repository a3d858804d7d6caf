import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { insertCatalogueProduct } from '../../testing/catalogue';
import { queryRows } from '../../db/client';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { addOffer, listProduct, storeIdOf } from './test-fixtures';
import { rollUpUnitsSold } from './units-sold';

const t = await buildTestApp();
const seller = await createSeller(t, { storeName: 'Phone Palace' });
const second = await createSeller(t, { storeName: 'Second Shop' });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const storeSlug = async (s = seller) =>
  (await queryRows<{ slug: string }>(t.ctx.db, sql`select slug from stores where id = ${await storeIdOf(t, s)}`))[0]!
    .slug;

describe('GET /api/products/:id', () => {
  it('returns the catalogue product with its reviews, score, rating text, sale price and 7 recommendations', async () => {
    const main = await listProduct(t, seller, {
      name: 'Samsung Galaxy A55',
      brand: 'Samsung',
      category: 'mobile',
      price: 100_000_00,
    });
    // Another seller lists the same product, dearer: one product, two stores.
    await listProduct(t, second, { productId: main.id, name: 'Galaxy A55 5G', brand: 'Samsung', price: 104_000_00 });
    for (let i = 0; i < 9; i++) {
      const other = await listProduct(t, seller, {
        name: `Phone Model ${i}`,
        brand: i < 2 ? 'Samsung' : 'Tecno',
        category: 'mobile',
        price: 95_000_00 + i * 1_000_00,
      });
      // A product two sellers list is still recommended once.
      if (i < 2)
        await listProduct(t, second, {
          productId: other.id,
          name: `Phone Model ${i}`,
          price: 96_000_00 + i * 1_000_00,
        });
    }
    await listProduct(t, seller, { name: 'Far Laptop', category: 'laptop', price: 100_000_00 });
    const storeId = await storeIdOf(t, seller);
    await t.ctx.db.execute(sql`insert into reviews (product_id, author, rating, text, sentiment_score) values
      (${main.id}, 'Ali', 5, 'great phone', 3), (${main.id}, 'Sana', 4, 'good value', 2), (${main.id}, 'Bilal', 1, 'bad battery', -3)`);
    const [sale] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into sales (code, store_id, title, discount_percent, starts_at, ends_at)
          values ('SALE10', ${storeId}, 'Ten off', 10, now() - interval '1 day', now() + interval '1 day') returning id`,
    );
    await t.ctx.db.execute(
      sql`insert into sale_products (sale_id, listing_id) values (${sale!.id}, ${main.listingId})`,
    );

    const res = await get(`/api/products/${main.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: main.id,
      name: 'Samsung Galaxy A55',
      listingId: main.listingId,
      price: 10_000_000,
      salePrice: 9_000_000,
      sale: { code: 'SALE10', percent: 10 },
      lowestPrice: 9_000_000,
      offerCount: 2,
      store: { name: 'Phone Palace' },
      score: { score: 2, positive: 2, negative: 1 },
      ratingText: 'Mostly Positive',
    });
    expect(body.reviews).toHaveLength(3);
    const recs = body.recommendations as { id: number; brand: string; category: string }[];
    expect(recs).toHaveLength(7);
    expect(recs.map((r) => r.id)).not.toContain(main.id);
    expect(new Set(recs.map((r) => r.id)).size).toBe(7);
    expect(recs.every((r) => r.category === 'mobile')).toBe(true);
    expect(recs.slice(0, 2).map((r) => r.brand)).toEqual(['Samsung', 'Samsung']);
  });

  it('answers 301 to the catalogue product for a former listing id or a merged id', async () => {
    const kept = await listProduct(t, seller, { name: 'Redirect Phone X1', brand: 'Vivo', category: 'mobile' });
    // A listing of the same product, and a product of its own that is later merged into the first.
    const listing = await listProduct(t, second, { productId: kept.id, name: 'Vivo X1', brand: 'Vivo' });
    const merged = await listProduct(t, second, { name: 'Vivo X-1 (8GB)', brand: 'Vivo', category: 'mobile' });
    const externalOnly = await insertCatalogueProduct(t.ctx.db, { name: 'Vivo X1 imported', brand: 'Vivo' });
    await addOffer(t, externalOnly, 'Daraz', 50_000_00);
    await t.ctx.db.execute(sql`select merge_products(${kept.id}, ${merged.id})`);
    await t.ctx.db.execute(sql`select merge_products(${kept.id}, ${externalOnly})`);

    for (const old of [listing.listingId, merged.id, externalOnly]) {
      const res = await get(`/api/products/${old}`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`/api/products/${kept.id}`);
    }
    const product = (await get(`/api/products/${kept.id}`)).json();
    expect(product).toMatchObject({ id: kept.id, name: 'Redirect Phone X1', offerCount: 3 });

    // A view through an old id counts on the catalogue product.
    const view = await t.app.inject({ method: 'POST', url: `/api/products/${merged.id}/views` });
    expect(view.json()).toEqual({ counted: true, views: 1 });
    const [row] = await queryRows<{ views: number }>(t.ctx.db, sql`select views from products where id = ${kept.id}`);
    expect(row!.views).toBe(1);
  });

  it('answers 404 for a missing id and 400 for a bad one', async () => {
    expect((await get('/api/products/999999')).statusCode).toBe(404);
    expect((await get('/api/products/abc')).statusCode).toBe(400);
    // A catalogue product nobody offers yet is not shown.
    const empty = await insertCatalogueProduct(t.ctx.db, { name: 'Nobody Sells This' });
    expect((await get(`/api/products/${empty}`)).statusCode).toBe(404);
  });
});

describe('POST /api/products/:id/views', () => {
  it('counts a visitor once per 10 minutes, by the cookie it sets', async () => {
    const { id } = await listProduct(t, seller, { name: 'Viewed Phone' });
    const first = await t.app.inject({ method: 'POST', url: `/api/products/${id}/views` });
    expect(first.json()).toEqual({ counted: true, views: 1 });
    const viewer = first.cookies.find((c) => c.name === 'ph_viewer')!;
    expect(viewer.httpOnly).toBe(true);
    const cookie = `ph_viewer=${viewer.value}`;
    const again = await t.app.inject({ method: 'POST', url: `/api/products/${id}/views`, headers: { cookie } });
    expect(again.json()).toEqual({ counted: false, views: 1 });
    t.setNow(new Date(Date.now() + 11 * 60_000));
    const later = await t.app.inject({ method: 'POST', url: `/api/products/${id}/views`, headers: { cookie } });
    expect(later.json()).toEqual({ counted: true, views: 2 });
    t.setNow(new Date());
  });

  it('counts a signed-in shopper by account, ignores any count in the body, and 404s a missing product', async () => {
    const { id } = await listProduct(t, seller, { name: 'Account Viewed' });
    const shopper = await createCustomer(t);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/${id}/views`,
        headers: { cookie: shopper.cookie },
        payload: { totalclick: 500 },
      });
    expect((await post()).json()).toEqual({ counted: true, views: 1 });
    expect((await post()).json()).toEqual({ counted: false, views: 1 });
    expect((await t.app.inject({ method: 'POST', url: '/api/products/999999/views' })).statusCode).toBe(404);
  });
});

describe('GET /api/home and /api/stores/:slug', () => {
  it('returns the top seller, trending by views, brands, top vendors and active sales in one payload', async () => {
    const other = await createSeller(t, { storeName: 'Quiet Store' });
    const top = await listProduct(t, other, { name: 'Best Seller Phone', brand: 'Xiaomi', category: 'mobile' });
    // Units sold are the listings'; the product sums them (triggers).
    await t.ctx.db.execute(sql`update listings set units_sold = 500 where id = ${top.listingId}`);
    await rollUpUnitsSold(t.ctx.db);
    const trending = await listProduct(t, seller, { name: 'Most Viewed Laptop' });
    await t.ctx.db.execute(sql`update products set views = 9999 where id = ${trending.id}`);
    invalidateCatalogCache();
    const res = await get('/api/home');
    expect(res.statusCode).toBe(200);
    const home = res.json();
    expect(home.topProduct).toMatchObject({ id: top.id, name: 'Best Seller Phone', offerCount: 1 });
    expect(home.trending[0].name).toBe('Most Viewed Laptop');
    expect(home.trending.length).toBeLessThanOrEqual(10);
    const trendingIds = home.trending.map((p: { id: number }) => p.id);
    expect(new Set(trendingIds).size).toBe(trendingIds.length);
    expect(home.brands).toEqual(expect.arrayContaining([{ name: 'Xiaomi', productCount: 1 }]));
    expect(home.topVendors[0]).toMatchObject({ name: other.storeName, unitsSold: 500, productCount: 1 });
    expect(home.activeSales).toEqual([
      expect.objectContaining({ code: 'SALE10', store: expect.objectContaining({ name: 'Phone Palace' }) }),
    ]);
  });

  it("shows a store's listed products as cards with its own listing, each product once", async () => {
    const page = (await get(`/api/stores/${await storeSlug(second)}`)).json();
    expect(page.store).toMatchObject({ name: 'Second Shop', status: 'open' });
    const ids = page.products.map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const a55 = page.products.find((p: { name: string }) => p.name === 'Samsung Galaxy A55');
    // Second Shop's own listing (Rs 104,000), with the lowest price of every store (Phone Palace's sale).
    expect(a55).toMatchObject({
      price: 10_400_000,
      store: { name: 'Second Shop' },
      lowestPrice: 9_000_000,
      offerCount: 2,
    });
  });

  it("hides a closed store's products everywhere, unless another store sells them", async () => {
    const slug = await storeSlug();
    const page = (await get(`/api/stores/${slug}`)).json();
    expect(page.store).toMatchObject({ name: 'Phone Palace', status: 'open' });
    expect(page.products.length).toBeGreaterThan(5);
    const onlyHere = page.products.find((p: { name: string }) => p.name === 'Most Viewed Laptop');
    const shared = page.products.find((p: { name: string }) => p.name === 'Samsung Galaxy A55');
    await t.ctx.db.execute(sql`update stores set status = 'closed' where slug = ${slug}`);
    invalidateCatalogCache();
    const closed = (await get(`/api/stores/${slug}`)).json();
    expect(closed).toMatchObject({ store: { status: 'closed' }, products: [] });
    // A product answer kept earlier is dropped when the catalogue's NOTIFY for the store's products arrives.
    await vi.waitFor(
      async () => {
        expect((await get(`/api/products/${onlyHere.id}`)).statusCode).toBe(404);
        // Second Shop still sells the A55: it stays, at Second Shop's price.
        expect((await get(`/api/products/${shared.id}`)).json()).toMatchObject({
          offerCount: 1,
          lowestPrice: 10_400_000,
          store: { name: 'Second Shop' },
        });
      },
      { timeout: 3_000, interval: 100 },
    );
    expect((await get('/api/home')).json().trending.map((p: { name: string }) => p.name)).not.toContain(
      'Most Viewed Laptop',
    );
    expect((await get('/api/stores/no-such-store')).statusCode).toBe(404);
    await t.ctx.db.execute(sql`update stores set status = 'open' where slug = ${slug}`);
  });
});
