import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { savedMessages, type CompareItem } from '@pricehub/shared/schemas/saved';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller, type TestUser } from '../../testing/factories';
import { insertOffer, insertProduct, insertReview, storeIdOf } from '../wishlist/test-fixtures';

const t = await buildTestApp();
let alice: TestUser;
let bob: TestUser;
let seller: TestUser;
const productIds: number[] = [];
let offerId: number;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const list = async (cookie: string): Promise<CompareItem[]> => (await call('GET', '/api/compare', cookie)).json().items;

beforeAll(async () => {
  [alice, bob, seller] = await Promise.all([createCustomer(t), createCustomer(t), createSeller(t)]);
  const storeId = await storeIdOf(t.ctx.db, seller.id);
  for (const [i, name] of ['Galaxy S24', 'Galaxy A35', 'Redmi Note 13', 'iPhone 15', 'Pixel 8'].entries()) {
    const { productId } = await insertProduct(t.ctx.db, {
      storeId,
      name,
      price: (100_000 + i * 10_000) * 100,
      ramGb: 8 + i,
      storageGb: 256,
    });
    productIds.push(productId);
  }
  // The external offer undercuts our price: the compare table shows the lowest offer and two stores.
  offerId = await insertOffer(t.ctx.db, { productId: productIds[0]!, storeName: 'Daraz', price: 95_000_00 });
  await insertReview(t.ctx.db, { productId: productIds[0]! }, -2);
});

describe('compare access', () => {
  it('tells a visitor to log in first and keeps sellers out', async () => {
    const visitor = await call('POST', '/api/compare', undefined, { productId: productIds[0] });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(messages.login.loginFirst);
    expect((await call('GET', '/api/compare')).json().error.message).toBe(messages.login.loginFirst);
    expect((await call('GET', '/api/compare', seller.cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/compare', seller.cookie, { productId: productIds[0] })).statusCode).toBe(403);
  });
});

describe('compare list', () => {
  it('adds once and shows the specs, lowest price and store count side by side', async () => {
    const first = await call('POST', '/api/compare', alice.cookie, { productId: productIds[0] });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(savedMessages.compareAdded);
    expect((await call('POST', '/api/compare', alice.cookie, { productId: productIds[0] })).statusCode).toBe(200);
    const items = await list(alice.cookie);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: 'Galaxy S24',
      price: 95_000_00,
      store: 'Daraz',
      brand: 'Samsung',
      category: 'mobile',
      ram: 8,
      storage: 256,
      storeCount: 2,
      lowestPrice: 95_000_00,
      offerCount: 2,
      inStock: true,
      ratingText: 'Mostly Negative',
    });
  });

  it('compares catalogue products: a second seller of one product adds a store to it, not a column', async () => {
    const carol = await createCustomer(t);
    const other = await createSeller(t, { storeName: 'Second Seller' });
    await insertProduct(t.ctx.db, {
      storeId: await storeIdOf(t.ctx.db, other.id),
      productId: productIds[3]!,
      name: 'Apple iPhone 15 128GB',
      price: 125_000_00,
    });
    expect((await call('POST', '/api/compare', carol.cookie, { productId: productIds[3] })).statusCode).toBe(201);
    expect(await list(carol.cookie)).toMatchObject([
      { name: 'iPhone 15', price: 125_000_00, store: 'Second Seller', storeCount: 2, offerCount: 2 },
    ]);
  });

  it('answers the 5th entry with 409 COMPARE_FULL and the current 4, then swaps with replaceId', async () => {
    for (const id of productIds.slice(1, 3)) {
      expect((await call('POST', '/api/compare', alice.cookie, { productId: id })).statusCode).toBe(201);
    }
    expect((await call('POST', '/api/compare', alice.cookie, { offerId })).statusCode).toBe(201);
    const full = await call('POST', '/api/compare', alice.cookie, { productId: productIds[4] });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('COMPARE_FULL');
    expect(full.json().error.details.items).toHaveLength(4);
    const before = await list(alice.cookie);
    expect(before.map((i) => i.kind)).toEqual(['product', 'product', 'product', 'offer']);

    const replaced = before[1]!;
    const swap = await call('POST', '/api/compare', alice.cookie, { productId: productIds[4], replaceId: replaced.id });
    expect(swap.statusCode).toBe(201);
    const after = await list(alice.cookie);
    expect(after).toHaveLength(4);
    expect(after.map((i) => i.name)).not.toContain(replaced.name);
    expect(after.map((i) => i.name)).toContain('Pixel 8');
  });

  it('refuses to replace an entry that is not the customer’s, writing nothing', async () => {
    await call('POST', '/api/compare', bob.cookie, { productId: productIds[0] });
    const [bobs] = await list(bob.cookie);
    const res = await call('POST', '/api/compare', alice.cookie, { productId: productIds[1], replaceId: bobs!.id });
    expect(res.statusCode).toBe(404);
    expect(await list(alice.cookie)).toHaveLength(4);
    expect(await list(bob.cookie)).toHaveLength(1);
  });

  it('removes only the customer’s own entries', async () => {
    const [bobs] = await list(bob.cookie);
    expect((await call('DELETE', `/api/compare/${bobs!.id}`, alice.cookie)).statusCode).toBe(404);
    const own = await call('DELETE', `/api/compare/${bobs!.id}`, bob.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().message).toBe(savedMessages.compareRemoved);
    expect(await list(bob.cookie)).toHaveLength(0);
  });
});
