/**
 * Money is a 32-bit count of paisa: prices are capped at MAX_PRICE (Rs 10,000,000) on the way in, and anything that
 * multiplies money (a sale percent, a quantity) is done in bigint or refused above MAX_ORDER_TOTAL. Each case here
 * answered 500 before ("integer out of range"), and one listing at the cap broke the assistant for every shopper.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatRs, MAX_ORDER_TOTAL, MAX_PRICE, SHIPPING_FEE } from '@pricehub/shared/rules/money';
import { blogMessages } from '@pricehub/shared/schemas/blog';
import { checkoutMessages } from '@pricehub/shared/schemas/checkout';
import { priceMessages } from '@pricehub/shared/schemas/product';
import { queryRows } from '../db/client';
import { parseSse, replyText } from '../modules/chat/sse-events';
import { addProduct, productBody, storeIdOf } from '../modules/catalog/test-fixtures';
import { insertSale } from '../testing/campaigns';
import { buildTestApp } from '../testing/test-app';
import { createCustomer, createSeller } from '../testing/factories';

const t = await buildTestApp();
const seller = await createSeller(t);
const shopper = await createCustomer(t);
const storeId = await storeIdOf(t, seller);

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

// A laptop at the cap on a 15% sale, and an ordinary one a shopper can afford.
const dear = await addProduct(t, seller, {
  name: 'Goldbook Ultra 9000',
  brand: 'Goldbook',
  category: 'laptop',
  ram: 16,
  price: MAX_PRICE,
  quantity: 5,
});
await insertSale(t.ctx.db, { storeId, listingIds: [dear.listingId], discountPercent: 15 });
const cheap = await addProduct(t, seller, {
  name: 'Lenovo IdeaPad Slim 5',
  brand: 'Lenovo',
  category: 'laptop',
  ram: 16,
  price: 150_000_00,
});

describe('prices above the cap', () => {
  it('refuses a listing priced Rs 30,000,000 with a 400 that names the cap, and writes nothing', async () => {
    const before = await count('listings');
    const res = await call('POST', '/api/seller/products', seller.cookie, productBody({ price: 30_000_000_00 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: priceMessages.tooHigh,
      fields: { price: priceMessages.tooHigh },
    });
    expect(priceMessages.tooHigh).toContain(formatRs(MAX_PRICE));
    expect(await count('listings')).toBe(before);
  });

  it('refuses a search price bound above the cap with a 400, and still answers one at the cap', async () => {
    const res = await call('GET', '/api/products?minPrice=3000000000');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(priceMessages.filterTooHigh);
    const atCap = await call('GET', `/api/products?minPrice=${MAX_PRICE}`);
    expect(atCap.statusCode).toBe(200);
  });

  it('refuses a price alert target above the cap', async () => {
    const res = await call('POST', '/api/price-alerts', shopper.cookie, {
      productId: cheap.id,
      targetPrice: 30_000_000_00,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('ids beyond 32 bits', () => {
  it.each(['99999999999', '2147483648', '0', '-1', '1.5'])('GET /api/blogs/%s is a 400, not a 500', async (id) => {
    const res = await call('GET', `/api/blogs/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(blogMessages.notFound);
  });

  it('answers the largest id with a plain 404', async () => {
    expect((await call('GET', '/api/blogs/2147483647')).statusCode).toBe(404);
  });
});

describe('a listing at the cap on a 15% sale', () => {
  it('leaves the assistant answering "cheapest laptop under 200k with 16GB RAM"', async () => {
    const res = await call('POST', '/api/chat', undefined, {
      messages: [{ role: 'user', content: 'cheapest laptop under 200k with 16GB RAM' }],
    });
    const events = parseSse(res.body);
    expect(events.filter((e) => e.event === 'error')).toEqual([]);
    expect(replyText(events)).toContain(`[Lenovo IdeaPad Slim 5](/result/productHub/${cheap.id})`);
  });

  it('shows its sale price on its page and in search, and recommends beside it', async () => {
    const salePrice = Math.floor((MAX_PRICE * 0.85) / 100) * 100;
    const page = await call('GET', `/api/products/${dear.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ lowestPrice: salePrice, salePrice });
    const other = await call('GET', `/api/products/${cheap.id}`);
    expect(other.statusCode, other.body).toBe(200);
    const search = await call('GET', '/api/products?q=goldbook');
    expect(search.json().items).toContainEqual(expect.objectContaining({ id: dear.id, lowestPrice: salePrice }));
  });

  it('sells one unit, and refuses a checkout over the order cap with a 400 that keeps the cart', async () => {
    const salePrice = Math.floor((MAX_PRICE * 0.85) / 100) * 100;
    const added = await call('POST', '/api/cart/items', shopper.cookie, { listingId: dear.listingId, quantity: 3 });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const ordersBefore = await count('orders');
    const checkout = { paymentMethod: 'cashOnDel', shippingAddress: '1 Test Street, Lahore' };
    const refused = await call('POST', '/api/checkout', shopper.cookie, checkout);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toBe(checkoutMessages.totalTooLarge);
    expect(checkoutMessages.totalTooLarge).toContain(formatRs(MAX_ORDER_TOTAL));
    expect(await count('orders')).toBe(ordersBefore);
    expect((await call('GET', '/api/cart', shopper.cookie)).json().items).toHaveLength(1);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/items/${dear.listingId}`,
      payload: { quantity: 1 },
      headers: { cookie: shopper.cookie },
    });
    const placed = await call('POST', '/api/checkout', shopper.cookie, checkout);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().orders[0].total).toBe(salePrice + SHIPPING_FEE);
  });
});
