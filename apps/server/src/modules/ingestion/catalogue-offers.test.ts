import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSeller, type TestSeller } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { ingestSource } from './ingest';

// Sellers' listings and other stores' offers of one phone end up on one catalogue product, whoever comes first.
const t = await buildTestApp();
const [first, second, third, fourth] = [
  await createSeller(t, { storeName: 'Fold Hub' }),
  await createSeller(t, { storeName: 'Mobile Bazaar' }),
  await createSeller(t, { storeName: 'Phone Point' }),
  await createSeller(t, { storeName: 'Wrong Box' }),
] as [TestSeller, TestSeller, TestSeller, TestSeller];

const phone = (over: Record<string, unknown> = {}) => ({
  name: 'Samsung Galaxy Z Fold6 12GB 512GB',
  brand: 'Samsung',
  category: 'mobile',
  description: 'Foldable phone',
  ram: 12,
  storage: 512,
  price: 449_999_00,
  quantity: 3,
  image: '/uploads/demo/phone.svg',
  ...over,
});
const list = (seller: TestSeller, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/seller/products', payload: body, headers: { cookie: seller.cookie } });
const offersOf = async (productId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/offers` })).json().offers as {
    kind: string;
    store: { name: string };
    price: number;
    matchedBy: string;
    listingId?: number;
    offerId?: number;
  }[];

const dir = mkdtempSync(join(tmpdir(), 'pricehub-catalogue-'));
/** Ingests a one-line CSV feed for an external store. */
async function ingestCsv(
  store: string,
  row: { id: string; title: string; price: string; brand: string; gtin?: string },
) {
  const file = join(dir, `${store.replace(/\W+/g, '-')}.csv`);
  writeFileSync(
    file,
    `id,title,link,price,availability,brand,gtin,product_type\n` +
      `${row.id},${row.title},https://${row.id.toLowerCase()}.example/p,${row.price},in_stock,${row.brand},${row.gtin ?? ''},Mobile Phones\n`,
  );
  return ingestSource(t.ctx, { store, source: file, format: 'csv' });
}

const a = await list(first, phone({ gtin: '8806095467801' }));
const fold = a.json() as { listing: { id: number; productId: number }; product: { id: number } };

describe('two sellers list one phone in their own words', () => {
  it('puts both listings on one catalogue product, whose offers list both', async () => {
    expect(a.statusCode).toBe(201);
    const b = await list(second, phone({ name: 'Galaxy Z Fold 6 (12GB RAM, 512GB) Silver Shadow', price: 439_999_00 }));
    expect(b.statusCode).toBe(201);
    expect(b.json().listing.productId).toBe(fold.product.id);
    expect(b.json().product).toMatchObject({ id: fold.product.id, offerCount: 2, lowestPrice: 439_999_00 });
    const offers = await offersOf(fold.product.id);
    expect(offers.map((o) => [o.kind, o.store.name, o.price, o.matchedBy])).toEqual([
      ['store', 'Mobile Bazaar', 439_999_00, 'name'],
      ['store', 'Fold Hub', 449_999_00, 'gtin'],
    ]);
  });

  it('offers a third seller the product under "Is it one of these?", and attaches the listing they pick', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/seller/products/matches?name=Galaxy%20Fold%206&brand=Samsung&ram=12&storage=512',
      headers: { cookie: third.cookie },
    });
    expect(res.statusCode).toBe(200);
    const { candidates } = res.json();
    expect(candidates[0]).toMatchObject({ id: fold.product.id, brand: 'Samsung', storage: 512, offerCount: 2 });
    const picked = await list(third, phone({ name: 'Fold 6 foldable', catalogProductId: candidates[0].id }));
    expect(picked.statusCode).toBe(201);
    expect(picked.json().listing.productId).toBe(fold.product.id);
    const row = (await offersOf(fold.product.id)).find((o) => o.store.name === 'Phone Point');
    expect(row).toMatchObject({ kind: 'store', listingId: picked.json().listing.id, matchedBy: 'seller' });
  });

  it('refuses to attach a listing whose storage disagrees, with the reason', async () => {
    const res = await list(
      fourth,
      phone({ name: 'Galaxy Z Fold6 256GB', storage: 256, catalogProductId: fold.product.id }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This product has 512GB storage, not 256GB');
    const other = await list(fourth, phone({ brand: 'Apple', catalogProductId: fold.product.id }));
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe('This product is made by Samsung, not Apple');
  });
});

describe("other stores' offers", () => {
  it('join the product by name, and by GTIN whatever the title says', async () => {
    await ingestCsv('Daraz Mart', {
      id: 'DM-1',
      title: 'Samsung Galaxy Z Fold6 5G 12/512GB Navy',
      price: '429999',
      brand: 'Samsung',
    });
    await ingestCsv('Code Store', {
      id: 'CS-1',
      title: 'SM-F956B foldable',
      price: '459999',
      brand: 'Samsung',
      gtin: '08806095467801',
    });
    const offers = await offersOf(fold.product.id);
    expect(offers.filter((o) => o.kind === 'external').map((o) => [o.store.name, o.matchedBy])).toEqual([
      ['Daraz Mart', 'name'],
      ['Code Store', 'gtin'],
    ]);
    expect(offers[0]).toMatchObject({ store: { name: 'Daraz Mart' }, price: 429_999_00 });
    const again = await ingestCsv('Daraz Mart', {
      id: 'DM-1',
      title: 'Samsung Galaxy Z Fold6 5G 12/512GB Navy',
      price: '419999',
      brand: 'Samsung',
    });
    expect(again).toMatchObject({ new: 0, updated: 1 });
    expect((await offersOf(fold.product.id)).filter((o) => o.store.name === 'Daraz Mart')).toHaveLength(1);
  });
});

describe('different storage', () => {
  it('keeps "iPhone 16 Pro 256GB" and "iPhone 16 Pro 512GB" two products, for sellers and feeds', async () => {
    const iphone = (name: string, storage: number) =>
      phone({ name, brand: 'Apple', ram: 8, storage, price: 400_000_00, gtin: undefined });
    const small = (await list(first, iphone('iPhone 16 Pro 256GB', 256))).json();
    const large = (await list(second, iphone('iPhone 16 Pro 512GB', 512))).json();
    expect(small.listing.productId).not.toBe(large.listing.productId);
    await ingestCsv('Apple Corner', {
      id: 'AC-512',
      title: 'Apple iPhone 16 Pro 512GB Desert',
      price: '480000',
      brand: 'Apple',
    });
    expect((await offersOf(large.product.id)).map((o) => o.store.name).sort()).toEqual([
      'Apple Corner',
      'Mobile Bazaar',
    ]);
    expect((await offersOf(small.product.id)).map((o) => o.store.name)).toEqual(['Fold Hub']);
  });
});
