import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addProduct, productBody } from '../modules/catalog/test-fixtures';
import { createCustomer, createSeller } from '../testing/factories';
import { buildTestApp } from '../testing/test-app';

const t = await buildTestApp();
const seller = await createSeller(t);
const customer = await createCustomer(t);
const get = (url: string) => t.app.inject({ method: 'GET', url });
const lowest = async (id: number) => (await get(`/api/products/${id}`)).json<{ lowestPrice: number }>().lowestPrice;
// What another server process does: the database changes and this process hears nothing of it.
const repriceElsewhere = (listingId: number, paisa: number) =>
  t.ctx.db.execute(sql`update listings set price = ${paisa} where id = ${listingId}`);

describe('shared answers (a product, its offers and price history, the home page, a store)', () => {
  it('are kept for a few seconds: a change made by another server process is not read back at once', async () => {
    const { id, listingId } = await addProduct(t, seller, { name: 'Kept Phone A1', category: 'mobile', price: 50000 });
    expect(await lowest(id)).toBe(5_000_000);
    const offers = await get(`/api/products/${id}/offers`);
    const history = await get(`/api/products/${id}/price-history`);
    expect(offers.body).toContain('5000000');
    await repriceElsewhere(listingId, 4_900_000);
    expect(await lowest(id)).toBe(5_000_000);
    const kept = await get(`/api/products/${id}/offers`);
    expect(kept.body).toBe(offers.body);
    // Said as HTTP does: how many seconds ago the kept answer was worked out.
    expect(Number(kept.headers.age)).toBeGreaterThanOrEqual(0);
    expect(offers.headers.age).toBeUndefined();
    expect((await get(`/api/products/${id}/price-history`)).body).toBe(history.body);
  });

  it('show a change made through this server at once, to the one who made it and to everyone', async () => {
    const { id, listingId } = await addProduct(t, seller, { name: 'Fresh Phone B2', category: 'mobile', price: 60000 });
    expect(await lowest(id)).toBe(6_000_000);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/seller/products/${listingId}`,
      headers: { cookie: seller.cookie },
      payload: productBody({ name: 'Fresh Phone B2', category: 'mobile', price: 55000, stock: 'instock' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await lowest(id)).toBe(5_500_000);
  });

  it('are not dropped by writes that change nothing shoppers read (a cart line), and are by any other', async () => {
    const { id, listingId } = await addProduct(t, seller, { name: 'Cart Phone C3', category: 'mobile', price: 70000 });
    expect(await lowest(id)).toBe(7_000_000);
    await repriceElsewhere(listingId, 6_900_000);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: customer.cookie },
      payload: { productId: listingId, quantity: 1 },
    });
    expect(added.statusCode).toBeLessThan(300);
    expect(await lowest(id)).toBe(7_000_000);
    // A refused write changes nothing either.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/seller/products/${listingId}`,
      headers: { cookie: seller.cookie },
      payload: { price: -1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(await lowest(id)).toBe(7_000_000);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie: customer.cookie },
      payload: { paymentMethod: 'cashOnDel', shippingAddress: '12 Mall Road, Lahore, Punjab' },
    });
    expect(checkout.statusCode).toBeLessThan(300);
    expect(await lowest(id)).toBe(6_900_000);
  });

  it("keep a moved product's 301 with where it moved, and never keep a 404", async () => {
    const missing = await get('/api/products/987654');
    expect(missing.statusCode).toBe(404);
    const { id } = await addProduct(t, seller, { name: 'Moved Phone D4', category: 'mobile', price: 80000 });
    await t.ctx.db.execute(sql`insert into product_redirects (from_id, to_id) values (987654, ${id})`);
    const moved = await get('/api/products/987654');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/api/products/${id}`);
    const again = await get('/api/products/987654');
    expect(again.statusCode).toBe(301);
    expect(again.headers.location).toBe(`/api/products/${id}`);
  });

  it('are never kept for answers that depend on who asks', async () => {
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: customer.cookie },
    });
    expect(session.json<{ user: { id: number } }>().user.id).toBe(customer.id);
    expect((await get('/api/auth/session')).json<{ user: unknown }>().user).toBeNull();
  });
});
