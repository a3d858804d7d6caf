import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { wholePaisaMessage } from '@pricehub/shared/schemas/money';
import { buildTestApp } from '../../testing/test-app';
import { createSeller } from '../../testing/factories';
import { queryRows } from '../../db/client';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { rebuildSearchTerms } from './search-terms';
import { insertCatalogueProduct } from '../../testing/catalogue';
import { addOffer, listProduct, productBody, storeIdOf } from './test-fixtures';

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
const rival = await createSeller(t, { storeName: 'Mobile Mall' });
let galaxyId = 0;

beforeAll(async () => {
  xpsId = (await listProduct(t, seller, { description: 'Thin and light ultrabook with an OLED screen' })).id;
  await listProduct(t, seller, { name: 'Dell Inspiron 15 3520', price: 120_000_00, ram: 8 });
  await listProduct(t, seller, { name: 'Lenovo Legion 5 Pro', brand: 'Lenovo', price: 310_000_00, ram: 32 });
  await listProduct(t, seller, { name: 'Lenovo IdeaPad Slim 3', brand: 'Lenovo', price: 98_000_00, ram: 8 });
  await listProduct(t, seller, {
    name: 'Apple iPhone 15 Pro',
    brand: 'Apple',
    category: 'mobile',
    price: 350_000_00,
    ram: 8,
  });
  // Two of our sellers list one catalogue product: one card, two stores, the cheaper price.
  galaxyId = (
    await listProduct(t, seller, {
      name: 'Samsung Galaxy S24',
      brand: 'Samsung',
      category: 'mobile',
      price: 280_000_00,
      ram: 8,
    })
  ).id;
  await listProduct(t, rival, {
    productId: galaxyId,
    name: 'Galaxy S24 8/256 PTA',
    brand: 'Samsung',
    category: 'mobile',
    price: 275_000_00,
    ram: 8,
  });
  await listProduct(t, seller, {
    name: 'HP Pavilion Desktop TP01',
    brand: 'HP',
    category: 'computer',
    price: 140_000_00,
  });
  await listProduct(t, closedSeller, { name: 'Dell Vostro Hidden 3400', price: 90_000_00 });
  await t.ctx.db.execute(sql`update stores set status = 'closed' where id = ${await storeIdOf(t, closedSeller)}`);
  externalId = await insertCatalogueProduct(t.ctx.db, {
    name: 'Google Pixel 8',
    brand: 'Google',
    category: 'mobile',
    description: 'Android phone',
  });
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
    expect(pixel.items).toMatchObject([
      {
        id: externalId,
        store: null,
        listingId: null,
        lowestPrice: 19_990_000,
        offerCount: 1,
        storeCount: 1,
        stock: 'instock',
      },
    ]);
  });

  it('shows one card per product with the lowest price and the store count', async () => {
    const [xps] = (await search('q=xps')).items;
    expect(xps).toMatchObject({
      id: xpsId,
      listingId: xpsId,
      price: 25_000_000,
      lowestPrice: 24_000_000,
      offerCount: 3,
      storeCount: 3,
      store: { name: 'Laptop Lane' },
    });
  });
});

describe('GET /api/products filters and facets', () => {
  it('filters by price range in paisa, with 5,000-rupee price buckets', async () => {
    const result = await search('category=laptop&minPrice=10000000&maxPrice=26000000');
    expect(names(result).sort()).toEqual(['Dell Inspiron 15 3520', 'Dell XPS 13 9340']);
    // The XPS is listed at Rs 250,000, but another store sells it for Rs 240,000: it counts at its lowest price.
    expect(result.facets.price).toEqual([
      { min: 120_000_00, max: 125_000_00, count: 1 },
      { min: 240_000_00, max: 245_000_00, count: 1 },
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
    // Rupees with decimals are not paisa.
    const rupees = await t.app.inject({ method: 'GET', url: '/api/products?maxPrice=1149.99' });
    expect(rupees.statusCode).toBe(400);
    expect(rupees.json().error.message).toBe(wholePaisaMessage);
  });

  it('shows an edited listing in search at once (the cache is invalidated)', async () => {
    const [inspiron] = (await search('q=inspiron')).items;
    expect(inspiron).toMatchObject({ price: 12_000_000, lowestPrice: 12_000_000 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/seller/products/${inspiron.listingId}`,
      payload: productBody({ name: 'Dell Inspiron 15 3520', price: 110_000_00, ram: 8, stock: 'instock' }),
      headers: { cookie: seller.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await search('q=inspiron')).items[0]).toMatchObject({ price: 11_000_000, lowestPrice: 11_000_000 });
    expect(names(await search('category=laptop&maxPrice=11499999'))).toContain('Dell Inspiron 15 3520');
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

  it('suggests a product two sellers list once, under its catalogue name', async () => {
    const galaxy = await suggest('galaxy');
    expect(galaxy.filter((n) => /galaxy s24/i.test(n))).toEqual(['Samsung Galaxy S24']);
  });

  it('tolerates typos and caps the list at 15', async () => {
    expect(await suggest('iphnoe')).toEqual(['Apple iPhone 15 Pro']);
    expect((await suggest('a')).length).toBeLessThanOrEqual(15);
    expect(await suggest('')).toEqual([]);
  });
});

describe('GET /api/products on catalogue products', () => {
  it('gives two sellers listing one product ONE card: the cheaper listing, offerCount 2', async () => {
    const result = await search('q=galaxy%20s24');
    expect(result.total).toBe(1);
    expect(result.items).toHaveLength(1);
    const [listing] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from listings where product_id = ${galaxyId} and price = 27500000`,
    );
    expect(result.items[0]).toMatchObject({
      id: galaxyId,
      name: 'Samsung Galaxy S24',
      lowestPrice: 27_500_000,
      offerCount: 2,
      storeCount: 2,
      price: 27_500_000,
      listingId: listing!.id,
      store: { name: 'Mobile Mall' },
    });
    const brand = await search('brand=samsung');
    expect([brand.total, brand.facets.brand]).toEqual([1, [{ value: 'Samsung', count: 1 }]]);
    // Each store's filter finds the product it lists.
    for (const name of ['Laptop Lane', 'Mobile Mall']) {
      const [store] = await queryRows<{ slug: string }>(t.ctx.db, sql`select slug from stores where name = ${name}`);
      expect(names(await search(`store=${store!.slug}&category=mobile`))).toContain('Samsung Galaxy S24');
    }
  });

  it('hides a product whose only listing is in a closed store, and shows it when another store lists it', async () => {
    const gone = await listProduct(t, closedSeller, {
      name: 'Asus Zenbook Closed 14',
      brand: 'Asus',
      price: 200_000_00,
    });
    invalidateCatalogCache();
    expect((await search('q=zenbook')).total).toBe(0);
    expect((await search('brand=asus')).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${gone.id}` })).statusCode).toBe(404);
    const other = await listProduct(t, rival, {
      productId: gone.id,
      name: 'Zenbook 14',
      brand: 'Asus',
      price: 210_000_00,
    });
    invalidateCatalogCache();
    const result = await search('q=zenbook');
    expect(result.items).toMatchObject([
      {
        id: gone.id,
        offerCount: 1,
        lowestPrice: 21_000_000,
        listingId: other.listingId,
        store: { name: 'Mobile Mall' },
      },
    ]);
  });

  it('prices a card at what the shopper pays: a running sale, in-stock offers before out-of-stock ones', async () => {
    const cheapOut = await listProduct(t, seller, {
      name: 'Realme Sale Test 11',
      brand: 'Realme',
      category: 'mobile',
      price: 60_000_00,
      stock: 'outofstock',
    });
    const dear = await listProduct(t, rival, {
      productId: cheapOut.id,
      name: 'Realme Sale Test 11',
      brand: 'Realme',
      category: 'mobile',
      price: 80_000_00,
    });
    const [sale] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into sales (code, store_id, title, discount_percent, starts_at, ends_at)
          values ('RIVAL10', ${await storeIdOf(t, rival)}, 'Ten off', 10, now() - interval '1 day', now() + interval '1 day')
          returning id`,
    );
    await t.ctx.db.execute(
      sql`insert into sale_products (sale_id, listing_id) values (${sale!.id}, ${dear.listingId})`,
    );
    invalidateCatalogCache();
    const [card] = (await search('q=realme')).items;
    expect(card).toMatchObject({
      id: cheapOut.id,
      listingId: dear.listingId,
      price: 8_000_000,
      salePrice: 7_200_000,
      sale: { code: 'RIVAL10', percent: 10 },
      lowestPrice: 7_200_000,
      offerCount: 2,
      stock: 'instock',
    });
  });
});
