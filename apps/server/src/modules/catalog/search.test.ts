import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app';
import { createSeller } from '../../testing/factories';
import { queryRows } from '../../db/client';
import { invalidateCatalogCache } from './cache';
import { rebuildSearchTerms } from './search-terms';
import { addOffer, addProduct, productBody, storeIdOf } from './test-fixtures';

const t = await buildTestApp();
const search = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const names = (result: { items: { name: string }[] }) => result.items.map((p) => p.name);

let xpsId = 0;
let externalId = 0;
const seller = await createSeller(t, { storeName: 'Laptop Lane' });
const closedSeller = await createSeller(t, { storeName: 'Gone Shop' });

beforeAll(async () => {
  xpsId = (await addProduct(t, seller, { description: 'Thin and light ultrabook with an OLED screen' })).id;
  await addProduct(t, seller, { name: 'Dell Inspiron 15 3520', price: 120000, ram: 8 });
  await addProduct(t, seller, { name: 'Lenovo Legion 5 Pro', brand: 'Lenovo', price: 310000, ram: 32 });
  await addProduct(t, seller, { name: 'Lenovo IdeaPad Slim 3', brand: 'Lenovo', price: 98000, ram: 8 });
  await addProduct(t, seller, {
    name: 'Apple iPhone 15 Pro',
    brand: 'Apple',
    category: 'mobile',
    price: 350000,
    ram: 8,
  });
  await addProduct(t, seller, {
    name: 'Samsung Galaxy S24',
    brand: 'Samsung',
    category: 'mobile',
    price: 280000,
    ram: 8,
  });
  await addProduct(t, seller, { name: 'HP Pavilion Desktop TP01', brand: 'HP', category: 'computer', price: 140000 });
  await addProduct(t, closedSeller, { name: 'Dell Vostro Hidden 3400', price: 90000 });
  await t.ctx.db.execute(sql`update stores set status = 'closed' where id = ${await storeIdOf(t, closedSeller)}`);
  const [ext] = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`insert into products (name, brand, category, price, description) values
        ('Google Pixel 8', 'Google', 'mobile', 199900 * 100, 'Android phone') returning id`,
  );
  externalId = ext!.id;
  await addOffer(t, externalId, 'Daraz', 199900 * 100);
  await addOffer(t, xpsId, 'Daraz', 240000 * 100);
  await addOffer(t, xpsId, 'PriceOye', 245000 * 100);
  await rebuildSearchTerms(t.ctx.db);
  invalidateCatalogCache();
});

describe('GET /api/products relevance', () => {
  it('puts the exact name first', async () => {
    const result = await search('q=Dell%20XPS%2013%209340');
    expect(names(result)[0]).toBe('Dell XPS 13 9340');
  });

  it('corrects "lenvo" to Lenovo and "iphnoe" to iPhone', async () => {
    const lenovo = await search('q=lenvo');
    expect(names(lenovo).sort()).toEqual(['Lenovo IdeaPad Slim 3', 'Lenovo Legion 5 Pro']);
    expect(lenovo.corrected).toBe('lenovo');
    const iphone = await search('q=iphnoe');
    expect(names(iphone)).toEqual(['Apple iPhone 15 Pro']);
    const legion = await search('q=lenvo%20legoin');
    expect(names(legion)).toEqual(['Lenovo Legion 5 Pro']);
  });

  it('treats brand and category words as filters', async () => {
    expect(names(await search('q=samsung'))).toEqual(['Samsung Galaxy S24']);
    const laptops = await search('q=laptops');
    expect(laptops.total).toBe(4);
    expect(laptops.facets.category).toEqual([{ value: 'laptop', count: 4 }]);
    expect(names(await search('q=dell%20laptop')).sort()).toEqual(['Dell Inspiron 15 3520', 'Dell XPS 13 9340']);
  });

  it('searches descriptions with English stemming', async () => {
    const ultra = await search('q=ultrabooks');
    expect([ultra.corrected, names(ultra)]).toEqual([undefined, ['Dell XPS 13 9340']]);
  });

  it('hides products of closed stores and includes external-only products', async () => {
    expect((await search('q=vostro')).total).toBe(0);
    const pixel = await search('q=pixel');
    expect(pixel.items).toMatchObject([{ id: externalId, store: null, storeCount: 1, stock: 'instock' }]);
  });

  it('shows one card per product with the lowest price and the store count', async () => {
    const [xps] = (await search('q=xps')).items;
    expect(xps).toMatchObject({ id: xpsId, price: 25_000_000, lowestPrice: 24_000_000, storeCount: 3 });
  });
});

describe('GET /api/products filters and facets', () => {
  it('filters by price range in rupees, with 5,000-rupee price buckets', async () => {
    const result = await search('category=laptop&minPrice=100000&maxPrice=260000');
    expect(names(result).sort()).toEqual(['Dell Inspiron 15 3520', 'Dell XPS 13 9340']);
    expect(result.facets.price).toEqual([
      { min: 120000, max: 125000, count: 1 },
      { min: 250000, max: 255000, count: 1 },
    ]);
  });

  it('filters by RAM and brand, and counts the facets of what matched', async () => {
    const all = await search('category=laptop');
    expect(all.facets.ram).toEqual([
      { value: 8, count: 2 },
      { value: 16, count: 1 },
      { value: 32, count: 1 },
    ]);
    expect(all.facets.brand).toEqual([
      { value: 'Dell', count: 2 },
      { value: 'Lenovo', count: 2 },
    ]);
    const ram8 = await search('category=laptop&ram=8');
    expect(names(ram8).sort()).toEqual(['Dell Inspiron 15 3520', 'Lenovo IdeaPad Slim 3']);
    const brand = await search('brand=lenovo&ram=32');
    expect(names(brand)).toEqual(['Lenovo Legion 5 Pro']);
    expect((await search('brand=Nokia')).total).toBe(0);
  });

  it('sorts and paginates', async () => {
    const page1 = await search('category=laptop&sort=price_asc&pageSize=3&page=1');
    const page2 = await search('category=laptop&sort=price_asc&pageSize=3&page=2');
    expect(page1.total).toBe(4);
    expect(names(page1)).toEqual(['Lenovo IdeaPad Slim 3', 'Dell Inspiron 15 3520', 'Dell XPS 13 9340']);
    expect(names(page2)).toEqual(['Lenovo Legion 5 Pro']);
    const desc = await search('category=laptop&sort=price_desc&pageSize=1');
    expect(names(desc)).toEqual(['Lenovo Legion 5 Pro']);
  });

  it('refuses a bad query with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?sort=cheapest' });
    expect(res.statusCode).toBe(400);
    const page = await t.app.inject({ method: 'GET', url: '/api/products?page=0' });
    expect(page.statusCode).toBe(400);
  });

  it('shows an edited product in search at once (the cache is invalidated)', async () => {
    expect((await search('q=inspiron')).items[0].price).toBe(12_000_000);
    const [inspiron] = (await search('q=inspiron')).items;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/seller/products/${inspiron.id}`,
      payload: productBody({ name: 'Dell Inspiron 15 Renamed', price: 110000, ram: 8, stock: 'instock' }),
      headers: { cookie: seller.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await search('q=inspiron')).items[0]).toMatchObject({
      name: 'Dell Inspiron 15 Renamed',
      price: 11_000_000,
    });
    expect(names(await search('q=renamd'))).toEqual(['Dell Inspiron 15 Renamed']);
  });
});

describe('GET /api/products/suggestions', () => {
  const suggest = async (q: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/suggestions?q=${encodeURIComponent(q)}` })).json()
      .suggestions as string[];

  it('completes brands, categories and names from a prefix', async () => {
    expect(await suggest('len')).toEqual(expect.arrayContaining(['Lenovo', 'Lenovo Legion 5 Pro']));
    expect(await suggest('lap')).toContain('laptop');
    expect(await suggest('dell xp')).toEqual(['Dell XPS 13 9340']);
  });

  it('tolerates typos and caps the list at 15', async () => {
    expect(await suggest('iphnoe')).toEqual(['Apple iPhone 15 Pro']);
    expect((await suggest('a')).length).toBeLessThanOrEqual(15);
    expect(await suggest('')).toEqual([]);
  });
});
