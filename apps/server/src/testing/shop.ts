import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { createCustomer, createSeller, type TestSeller, type TestUser } from './factories';
import { insertCatalogueProduct, insertExternalOffer, insertListing } from './catalogue';
import { listings, stores } from '../db/schema';

/** Shared by the shop's API tests: sellers with stock, and a short way to call the API. */

export interface SellerWithStore extends TestSeller {
  storeId: number;
}

export async function createSellerWithStore(t: TestApp): Promise<SellerWithStore> {
  const seller = await createSeller(t);
  const [store] = await t.ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.sellerId, seller.id));
  return { ...seller, storeId: store!.id };
}

let productCounter = 0;

export type ProductFields = Partial<{
  name: string;
  price: number;
  quantity: number;
  stock: 'instock' | 'outofstock';
  /** List this existing catalogue product (another seller's, say) instead of a new one. */
  productId: number;
}>;

/**
 * A seller's listing, answering the LISTING id (what a cart line and an order line hold); `price` in paisa.
 * Without a store: a catalogue product only another store sells (an external offer), answering its product id.
 */
export async function addProduct(t: TestApp, storeId: number | null, over: ProductFields = {}): Promise<number> {
  productCounter += 1;
  const name = over.name ?? `Test Phone ${productCounter}`;
  if (storeId === null) {
    const productId = await insertCatalogueProduct(t.ctx.db, { name, brand: 'Testbrand' });
    await insertExternalOffer(t.ctx.db, {
      productId,
      storeName: `Other Store ${productCounter}`,
      price: over.price ?? 10_000_00,
    });
    return productId;
  }
  return (await addListing(t, storeId, { ...over, name })).listingId;
}

/** A seller's listing with its catalogue product (a new one of its own, sharing its id, unless `productId`). */
export async function addListing(
  t: TestApp,
  storeId: number,
  over: ProductFields = {},
): Promise<{ listingId: number; productId: number }> {
  productCounter += 1;
  return insertListing(t.ctx.db, {
    storeId,
    productId: over.productId,
    name: over.name ?? `Test Phone ${productCounter}`,
    brand: 'Testbrand',
    category: 'mobile',
    price: over.price ?? 10_000_00,
    quantity: over.quantity ?? 10,
    stock: over.stock ?? 'instock',
  });
}

/** A listing's shelf: what is left, what sold, whether it shows as in stock. */
export async function productState(t: TestApp, listingId: number) {
  const [row] = await t.ctx.db
    .select({ quantity: listings.quantity, unitsSold: listings.unitsSold, stock: listings.stock })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row!;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function caller(t: TestApp) {
  return (method: Method, url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

export const ADDRESS = '12 Mall Road, Lahore';

/** Puts `quantity` of a listing in the shopper's cart through the API; a refusal fails the test there. */
export async function putInCart(t: TestApp, cookie: string, listingId: number, quantity = 1): Promise<void> {
  const res = await caller(t)('POST', '/api/cart/items', cookie, { listingId, quantity });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

export interface PlacedOrder {
  shopper: TestUser;
  seller: SellerWithStore;
  listingId: number;
  productId: number;
  orderId: string;
}

/**
 * A new customer, Sana Khan, buys `quantity` (2 by default) Orbit Phones at Rs 300 from a new listing of `seller`
 * (a new seller by default; 5 on the shelf): cash on delivery, or `online` and paid at once at the test gateway.
 */
export async function placeOrder(
  t: TestApp,
  options: { quantity?: number; paymentMethod?: 'cashOnDel' | 'online'; seller?: SellerWithStore } = {},
): Promise<PlacedOrder> {
  const { quantity = 2, paymentMethod = 'cashOnDel' } = options;
  const call = caller(t);
  const shopper = await createCustomer(t, { name: 'Sana Khan' });
  const seller = options.seller ?? (await createSellerWithStore(t));
  const { listingId, productId } = await addListing(t, seller.storeId, {
    quantity: 5,
    price: 300_00,
    name: 'Orbit Phone',
  });
  await putInCart(t, shopper.cookie, listingId, quantity);
  const res = await call('POST', '/api/checkout', shopper.cookie, { paymentMethod, shippingAddress: ADDRESS });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  if (paymentMethod === 'online') {
    const paid = await call('POST', `/api/payments/test/${body.paymentId}/pay`, shopper.cookie);
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return { shopper, seller, listingId, productId, orderId: body.orders[0].orderId as string };
}
