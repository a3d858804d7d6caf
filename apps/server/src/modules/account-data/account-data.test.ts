import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountDataMessages as m } from '@pricehub/shared/schemas/account-data';
import { queryRows } from '../../db/client';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, signIn, TEST_PASSWORD, type TestUser } from '../../testing/factories';
import { ADDRESS, addListing, caller, createSellerWithStore, type SellerWithStore } from '../../testing/shop';
import { createTestOperator, OPERATOR_TEST_PASSWORD } from '../operator/testing';
import {
  DELETED_ADDRESS,
  DELETED_CUSTOMER,
  DELETED_SELLER,
  FORMER_CUSTOMER,
  OPERATOR_ACCOUNTS,
} from './account-deletion';

const t = await buildTestApp();
const call = caller(t);

let seller: SellerWithStore;
let otherSeller: SellerWithStore;
let phone: { listingId: number; productId: number };
let otherListing: { listingId: number; productId: number };

/** One order of `listingId` through the real cart and checkout; answers its id. */
async function order(user: TestUser, listingId: number): Promise<string> {
  expect((await call('POST', '/api/cart/items', user.cookie, { listingId, quantity: 1 })).statusCode).toBeLessThan(300);
  const res = await call('POST', '/api/checkout', user.cookie, {
    paymentMethod: 'cashOnDel',
    shippingAddress: ADDRESS,
  });
  expect(res.statusCode).toBe(201);
  return res.json().orders[0].orderId;
}

const setStatus = async (who: SellerWithStore, orderId: string, status: string) =>
  expect((await call('PUT', `/api/seller/orders/${orderId}/status`, who.cookie, { status })).statusCode).toBe(200);

const deleteAccount = (user: { cookie: string }, password: string) =>
  call('DELETE', '/api/me/account', user.cookie, { password });

const exportOf = async (user: { cookie: string }) => {
  const res = await call('GET', '/api/me/data', user.cookie);
  expect(res.statusCode).toBe(200);
  return { res, data: res.json(), text: res.body };
};

beforeAll(async () => {
  [seller, otherSeller] = await Promise.all([createSellerWithStore(t), createSellerWithStore(t)]);
  phone = await addListing(t, seller.storeId, { name: 'Export Phone', price: 50_000_00 });
  otherListing = await addListing(t, otherSeller.storeId, { name: 'Other Store Laptop', price: 90_000_00 });
});

describe('downloading one’s data', () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceOrder: string;
  let bobOrder: string;

  beforeAll(async () => {
    alice = await createCustomer(t, { name: 'Alice Export' });
    bob = await createCustomer(t, { name: 'Bob Stranger' });
    aliceOrder = await order(alice, phone.listingId);
    bobOrder = await order(bob, otherListing.listingId);
    await setStatus(seller, aliceOrder, 'Completed');
    await call('POST', `/api/orders/${aliceOrder}/reviews`, alice.cookie, {
      productId: phone.listingId,
      text: 'Great phone, fast delivery',
      rating: 5,
    });
    await call('POST', '/api/complaints', alice.cookie, {
      orderId: aliceOrder,
      subject: 'Box was dented',
      description: 'The box arrived dented',
    });
    await call('POST', '/api/wishlist', alice.cookie, { productId: otherListing.productId });
    await call('POST', '/api/wishlist', bob.cookie, { productId: phone.productId });
  });

  it('gives a customer a JSON file of their profile, orders, reviews, complaints and wishlist', async () => {
    const { res, data } = await exportOf(alice);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="pricehub-customer-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(data.account).toMatchObject({
      role: 'customer',
      name: 'Alice Export',
      email: alice.email,
      address: '1 Test Street, Lahore',
    });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      orderId: aliceOrder,
      status: 'Completed',
      store: seller.storeName,
      shippingAddress: ADDRESS,
      total: 50_000_00 + 50_00,
    });
    expect(data.orders[0].lines).toEqual([
      expect.objectContaining({ name: 'Export Phone', unitPrice: 50_000_00, quantity: 1, reviewed: true }),
    ]);
    expect(data.reviews).toEqual([expect.objectContaining({ text: 'Great phone, fast delivery', rating: 5 })]);
    expect(data.complaints).toEqual([
      expect.objectContaining({
        orderId: aliceOrder,
        subject: 'Box was dented',
        description: 'The box arrived dented',
      }),
    ]);
    expect(data.wishlist).toEqual([expect.objectContaining({ productId: otherListing.productId })]);
    // The seller completing the order notified her; nobody else's notifications are in her file.
    expect(data.notifications).toEqual([expect.objectContaining({ orderId: aliceOrder, read: false })]);
  });

  it('holds nobody else’s data and no secrets', async () => {
    const { text } = await exportOf(alice);
    for (const foreign of [bob.email, 'Bob Stranger', bobOrder, otherSeller.email]) expect(text).not.toContain(foreign);
    expect(text).not.toMatch(/argon2|password/i);
  });

  it('gives a seller their store, listings, sales records, sales and promos, without the buyers’ details', async () => {
    const sale = await call('POST', '/api/seller/sales', seller.cookie, {
      title: 'Export sale',
      productIds: [phone.listingId],
      discount: 10,
      startDate: new Date().toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(sale.statusCode).toBe(201);
    const promo = await call('POST', '/api/seller/promos', seller.cookie, {
      title: 'Export promo',
      discount: 5,
      startDate: new Date().toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(promo.statusCode).toBe(201);

    const { res, data, text } = await exportOf(seller);
    expect(res.headers['content-disposition']).toContain('pricehub-seller-data-');
    expect(data.account).toMatchObject({ role: 'seller', email: seller.email });
    expect(data.store).toMatchObject({ name: seller.storeName, status: 'open' });
    expect(data.listings.map((l: { id: number }) => l.id)).toEqual([phone.listingId]);
    expect(data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([aliceOrder]);
    expect(data.sales).toEqual([expect.objectContaining({ title: 'Export sale', listingIds: [phone.listingId] })]);
    expect(data.promos).toEqual([expect.objectContaining({ title: 'Export promo', discountPercent: 5 })]);
    expect(data.complaints).toEqual([expect.objectContaining({ orderId: aliceOrder, subject: 'Box was dented' })]);
    for (const foreign of [alice.email, 'Alice Export', ADDRESS, bobOrder, 'Other Store Laptop', otherSeller.email]) {
      expect(text).not.toContain(foreign);
    }
  });

  it('is for signed-in users only', async () => {
    expect((await call('GET', '/api/me/data')).statusCode).toBe(401);
  });
});

describe('deleting a customer account', () => {
  let carol: TestUser;
  let dave: TestUser;
  let carolOrder: string;
  let daveOrder: string;

  beforeAll(async () => {
    carol = await createCustomer(t, { name: 'Carol Deleted' });
    dave = await createCustomer(t, { name: 'Dave Stays' });
    carolOrder = await order(carol, phone.listingId);
    daveOrder = await order(dave, phone.listingId);
    await call('POST', '/api/wishlist', carol.cookie, { productId: phone.productId });
    await call('POST', '/api/wishlist', dave.cookie, { productId: phone.productId });
    await call('POST', '/api/cart/items', carol.cookie, { listingId: otherListing.listingId, quantity: 1 });
  });

  it('refuses a wrong or missing password with 400, changing nothing', async () => {
    const wrong = await deleteAccount(carol, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ message: m.wrongPassword, fields: { password: m.wrongPassword } });
    const missing = await call('DELETE', '/api/me/account', carol.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(m.passwordRequired);
    expect((await call('GET', '/api/me/profile', carol.cookie)).json().name).toBe('Carol Deleted');
  });

  it('refuses while an order is still on its way, naming it', async () => {
    const res = await deleteAccount(carol, TEST_PASSWORD);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.customerOpenOrders([carolOrder]));
    expect((await call('GET', '/api/me/profile', carol.cookie)).statusCode).toBe(200);
  });

  it('deletes the account: orders kept anonymised, sessions ended, login refused, the email free again', async () => {
    await setStatus(seller, carolOrder, 'Completed');
    await call('POST', `/api/orders/${carolOrder}/reviews`, carol.cookie, {
      productId: phone.listingId,
      text: 'Works well',
      rating: 4,
    });
    const second = await signIn(t.app, carol.email, TEST_PASSWORD, 'customer');
    const before = (await call('GET', `/api/orders/${carolOrder}`, carol.cookie)).json();
    const total = before.total;
    expect(total).toBeGreaterThan(0);

    const res = await deleteAccount(carol, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.deleted);
    expect(res.cookies.find((c) => c.name === 'ph_session')?.value).toBe('');

    // Every session ended, and the password opens nothing.
    for (const cookie of [carol.cookie, second]) {
      expect((await call('GET', '/api/auth/session', cookie)).json().user).toBeNull();
      expect((await call('GET', '/api/me/profile', cookie)).statusCode).toBe(401);
    }
    const login = await call('POST', '/api/auth/login', undefined, {
      email: carol.email,
      password: TEST_PASSWORD,
      role: 'customer',
    });
    expect(login.statusCode).toBe(401);

    // The seller keeps the order, without the person.
    const sellerOrders = (await call('GET', '/api/seller/orders', seller.cookie)).json();
    const kept = sellerOrders.orders.find((o: { orderId: string }) => o.orderId === carolOrder);
    expect(kept).toMatchObject({ status: 'Completed', shippingAddress: DELETED_ADDRESS, total });
    expect(kept.customer.name).toBe(DELETED_CUSTOMER);
    expect(JSON.stringify(kept)).not.toContain(carol.email);
    const [review] = await queryRows<{ author: string; customer_id: number | null }>(
      t.ctx.db,
      sql`select author, customer_id from reviews where text = 'Works well'`,
    );
    expect(review).toEqual({ author: FORMER_CUSTOMER, customer_id: null });
    const leftovers = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select (select count(*) from wishlist_items where customer_id = ${carol.id})
            + (select count(*) from cart_items where customer_id = ${carol.id})
            + (select count(*) from sessions where account_id = ${carol.id})
            + (select count(*) from accounts where email = ${carol.email}) as n`,
    );
    expect(Number(leftovers[0]!.n)).toBe(0);

    // The same email can open a new account.
    const again = await call('POST', '/api/auth/customers', undefined, {
      name: 'Carol Again',
      email: carol.email,
      password: TEST_PASSWORD,
      phone: '03001234567',
      address: '2 New Street, Karachi',
    });
    expect(again.statusCode).toBe(201);
    const fresh = await signIn(t.app, carol.email, TEST_PASSWORD, 'customer');
    expect((await call('GET', '/api/me/profile', fresh)).json().name).toBe('Carol Again');
    expect((await call('GET', '/api/orders', fresh)).json().orders).toEqual([]);
  });

  it('leaves other customers’ rows untouched', async () => {
    expect((await call('GET', '/api/me/profile', dave.cookie)).json()).toMatchObject({ name: 'Dave Stays' });
    const orders = (await call('GET', '/api/orders', dave.cookie)).json();
    const mine = orders.orders.find((o: { orderId: string }) => o.orderId === daveOrder);
    expect(mine).toMatchObject({ shippingAddress: ADDRESS, status: 'Booked' });
    expect((await call('GET', '/api/wishlist', dave.cookie)).json().items).toHaveLength(1);
  });

  it('slows down password guessing', async () => {
    const erin = await createCustomer(t);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await deleteAccount(erin, `guess-${i}`)).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await call('GET', '/api/me/profile', erin.cookie)).statusCode).toBe(200);
  });
});

describe('deleting a seller account', () => {
  it('is refused while the store has orders in progress, then closes the store and keeps its orders', async () => {
    const shop = await createSellerWithStore(t);
    const listing = await addListing(t, shop.storeId, { name: 'Closing Tablet', price: 30_000_00 });
    const buyer = await createCustomer(t);
    const orderId = await order(buyer, listing.listingId);
    await setStatus(shop, orderId, 'Accepted');

    const refused = await deleteAccount(shop, TEST_PASSWORD);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(m.sellerOpenOrders([orderId]));
    expect((await call('GET', `/api/products/${listing.productId}`)).statusCode).toBe(200);

    await setStatus(shop, orderId, 'Completed');
    expect((await deleteAccount(shop, 'wrong-password')).statusCode).toBe(400);
    const res = await deleteAccount(shop, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);

    // Its listings leave the shop; another seller's stay.
    expect((await call('GET', `/api/products/${listing.productId}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${otherListing.productId}`)).statusCode).toBe(200);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: shop.email,
      password: TEST_PASSWORD,
      role: 'seller',
    });
    expect(login.statusCode).toBe(401);
    expect((await call('GET', '/api/me/profile', shop.cookie)).statusCode).toBe(401);

    // The buyer's order is kept, with the store's name.
    const orders = (await call('GET', '/api/orders', buyer.cookie)).json();
    const kept = orders.orders.find((o: { orderId: string }) => o.orderId === orderId);
    expect(kept).toMatchObject({ status: 'Completed', store: { name: shop.storeName } });
    const [account] = await queryRows<{ name: string; email: string; deleted_at: Date | null }>(
      t.ctx.db,
      sql`select name, email, deleted_at from accounts where id = ${shop.id}`,
    );
    expect(account!.name).toBe(DELETED_SELLER);
    expect(account!.email).not.toBe(shop.email);
    expect(account!.deleted_at).not.toBeNull();
  });
});

describe('deleting a suspended seller', () => {
  it('keeps the store suspended, to return to closed', async () => {
    const shop = await createSellerWithStore(t);
    await t.ctx.db.execute(sql`update stores set status = 'suspended', suspended_at = now(),
        suspension_reason = 'Counterfeit goods', status_before_suspension = 'open' where id = ${shop.storeId}`);
    expect((await deleteAccount(shop, TEST_PASSWORD)).statusCode).toBe(200);
    const [store] = await queryRows<{ status: string; status_before_suspension: string }>(
      t.ctx.db,
      sql`select status, status_before_suspension from stores where id = ${shop.storeId}`,
    );
    expect(store).toEqual({ status: 'suspended', status_before_suspension: 'closed' });
  });
});

describe('operator accounts', () => {
  it('are neither exported nor deleted here: they are managed from the command line', async () => {
    const operator = await createTestOperator(t);
    const exported = await call('GET', '/api/me/data', operator.cookie);
    expect(exported.statusCode).toBe(403);
    expect(exported.json().error.message).toBe(OPERATOR_ACCOUNTS);
    const deleted = await deleteAccount(operator, OPERATOR_TEST_PASSWORD);
    expect(deleted.statusCode).toBe(403);
    expect((await call('GET', '/api/auth/session', operator.cookie)).json().user).toMatchObject({ role: 'operator' });
  });
});
