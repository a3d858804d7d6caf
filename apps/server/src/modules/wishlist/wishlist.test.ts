import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { savedMessages, type WishlistItem } from '@pricehub/shared/schemas/saved';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller, type TestUser } from '../../testing/factories';
import { insertOffer, insertProduct, insertReview, storeIdOf } from './test-fixtures';
import { insertSale } from '../../testing/campaigns';

const t = await buildTestApp();
let alice: TestUser;
let bob: TestUser;
let seller: TestUser;
let phoneId: number;
let offerId: number;
let externalOnlyId: number;
let sharedId: number;
let secondListingId: number;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
/** The shopper's wishlist as GET /api/wishlist answers it. */
const wishlistOf = async (who: TestUser) =>
  (await call('GET', '/api/wishlist', who.cookie)).json().items as WishlistItem[];

beforeAll(async () => {
  [alice, bob, seller] = await Promise.all([createCustomer(t), createCustomer(t), createSeller(t)]);
  const storeId = await storeIdOf(t.ctx.db, seller.id);
  const phone = await insertProduct(t.ctx.db, { storeId, name: 'Galaxy A55', price: 100_000_00 });
  phoneId = phone.productId;
  // A 10% sale brings our price to Rs 90,000: below the external offer of Rs 95,000.
  await insertSale(t.ctx.db, { storeId, listingIds: [phone.listingId!], discountPercent: 10 });
  offerId = await insertOffer(t.ctx.db, { productId: phoneId, storeName: 'Daraz', price: 95_000_00 });
  await insertReview(t.ctx.db, { productId: phoneId }, 3);
  externalOnlyId = (await insertProduct(t.ctx.db, { storeId: null, name: 'Pixel 8', price: 150_000_00 })).productId;
  await insertOffer(t.ctx.db, { productId: externalOnlyId, storeName: 'Shophive', price: 140_000_00 });
  await insertOffer(t.ctx.db, { productId: externalOnlyId, storeName: 'Daraz', price: 150_000_00, inStock: false });
  // Two of our sellers list one product (the second's listing has an id of its own, as old product URLs had).
  const other = await createSeller(t);
  const shared = await insertProduct(t.ctx.db, { storeId, name: 'Redmi Note 13', price: 60_000_00 });
  sharedId = shared.productId;
  const second = await insertProduct(t.ctx.db, {
    storeId: await storeIdOf(t.ctx.db, other.id),
    productId: sharedId,
    name: 'Xiaomi Redmi Note 13 8/256',
    price: 58_000_00,
  });
  secondListingId = second.listingId!;
});

describe('wishlist access', () => {
  it('tells a visitor to log in first and keeps sellers out', async () => {
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['POST', '/api/wishlist'],
      ['DELETE', '/api/wishlist/1'],
    ] as const) {
      const visitor = await call(method, url, undefined, method === 'POST' ? { productId: phoneId } : undefined);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error.message).toBe(messages.login.loginFirst);
      const asSeller = await call(method, url, seller.cookie, method === 'POST' ? { productId: phoneId } : undefined);
      expect(asSeller.statusCode).toBe(403);
    }
  });
});

describe('wishlist', () => {
  it('adds a product once: a second add answers 200 with the same message and keeps one entry', async () => {
    const first = await call('POST', '/api/wishlist', alice.cookie, { productId: phoneId });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Successfully Added to Wishlist');
    const again = await call('POST', '/api/wishlist', alice.cookie, { productId: phoneId });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Successfully Added to Wishlist');
    const items = await wishlistOf(alice);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'product',
      productId: phoneId,
      name: 'Galaxy A55',
      price: 90_000_00,
      lowestPrice: 90_000_00,
      offerCount: 2,
      inStock: true,
      ratingText: 'Mostly Positive',
      url: `/result/productHub/${phoneId}`,
    });
  });

  it('holds external offers too, with the offer’s own price, store and page', async () => {
    expect((await call('POST', '/api/wishlist', alice.cookie, { offerId })).statusCode).toBe(201);
    expect((await call('POST', '/api/wishlist', alice.cookie, { offerId })).statusCode).toBe(200);
    const items = await wishlistOf(alice);
    expect(items.find((i) => i.kind === 'offer')).toMatchObject({
      offerId,
      price: 95_000_00,
      store: 'Daraz',
      inStock: true,
      lowestPrice: 90_000_00,
      offerCount: 2,
      ratingText: 'No Reviews',
      url: `/result/productDetail/${offerId}`,
    });
  });

  it('prices an external-only product at its lowest available offer', async () => {
    await call('POST', '/api/wishlist', bob.cookie, { productId: externalOnlyId });
    const [item] = await wishlistOf(bob);
    expect(item).toMatchObject({ price: 140_000_00, store: 'Shophive', inStock: true, offerCount: 2 });
  });

  it('holds a catalogue product two sellers list once, at the cheaper listing, even saved by an old listing id', async () => {
    const carol = await createCustomer(t);
    expect((await call('POST', '/api/wishlist', carol.cookie, { productId: sharedId })).statusCode).toBe(201);
    // The second seller's listing id (an old product URL) names the same catalogue product: nothing new is saved.
    expect((await call('POST', '/api/wishlist', carol.cookie, { productId: secondListingId })).statusCode).toBe(200);
    const items = await wishlistOf(carol);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'product',
      productId: sharedId,
      name: 'Redmi Note 13',
      price: 58_000_00,
      lowestPrice: 58_000_00,
      offerCount: 2,
      url: `/result/productHub/${sharedId}`,
    });
  });

  it('refuses a body naming both or neither, and unknown ids, writing nothing', async () => {
    for (const body of [{}, { productId: phoneId, offerId }, { productId: 'abc' }]) {
      const res = await call('POST', '/api/wishlist', bob.cookie, body);
      expect(res.statusCode).toBe(400);
    }
    const missing = await call('POST', '/api/wishlist', bob.cookie, { productId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(messages.product.notFound);
    expect((await call('POST', '/api/wishlist', bob.cookie, { offerId: 999_999 })).statusCode).toBe(404);
    expect(await wishlistOf(bob)).toHaveLength(1);
  });

  it('removes only the customer’s own entries', async () => {
    const [entry] = await wishlistOf(alice);
    const byBob = await call('DELETE', `/api/wishlist/${entry!.id}`, bob.cookie);
    expect(byBob.statusCode).toBe(404);
    expect(await wishlistOf(alice)).toHaveLength(2);
    const own = await call('DELETE', `/api/wishlist/${entry!.id}`, alice.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().message).toBe(savedMessages.wishlistRemoved);
    expect(await wishlistOf(alice)).toHaveLength(1);
    expect((await call('DELETE', `/api/wishlist/${entry!.id}`, alice.cookie)).statusCode).toBe(404);
  });
});
