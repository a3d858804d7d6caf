import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { cartMessages } from '@pricehub/shared/schemas/cart';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { saleProducts, sales, stores } from '../../db/schema';
import { addProduct, caller, createSellerWithStore } from '../checkout/testing';

const t = await buildTestApp();
const call = caller(t);

describe('cart arithmetic', () => {
  it('adds, grows, shrinks and removes lines with the spec messages; count is the sum of quantities', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const phone = await addProduct(t, seller.storeId, { price: 1_000_00, quantity: 5 });
    const laptop = await addProduct(t, seller.storeId, { price: 2_500_50, quantity: 5 });

    const first = await call('POST', '/api/cart/items', shopper.cookie, { productId: phone });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: messages.cart.added, count: 1, subtotal: 1_000_00 });

    const again = await call('POST', '/api/cart/items', shopper.cookie, { productId: phone });
    expect(again.json()).toMatchObject({ message: messages.cart.increased, count: 2, subtotal: 2_000_00 });

    const withLaptop = await call('POST', '/api/cart/items', shopper.cookie, { productId: laptop, quantity: 2 });
    // 2 × Rs 1000 + 2 × Rs 2500 (Rs 2500.50 floored to whole rupees)
    expect(withLaptop.json()).toMatchObject({ count: 4, subtotal: 2_000_00 + 5_000_00 });
    const line = withLaptop.json().items.find((i: { productId: number }) => i.productId === laptop);
    expect(line).toMatchObject({ unitPrice: 2_500_00, price: 2_500_50, quantity: 2, lineTotal: 5_000_00, stock: 5 });
    expect(line.store.name).toBe(seller.storeName);

    const down = await call('PATCH', `/api/cart/items/${phone}`, shopper.cookie, { quantity: 1 });
    expect(down.json()).toMatchObject({ message: messages.cart.decreased, count: 3 });
    const up = await call('PATCH', `/api/cart/items/${phone}`, shopper.cookie, { quantity: 3 });
    expect(up.json()).toMatchObject({ message: messages.cart.increased, count: 5 });

    // Removing a line removes its whole quantity, not 1.
    const removed = await call('DELETE', `/api/cart/items/${laptop}`, shopper.cookie);
    expect(removed.json()).toMatchObject({ message: messages.cart.removed, count: 3, subtotal: 3_000_00 });

    const zero = await call('PATCH', `/api/cart/items/${phone}`, shopper.cookie, { quantity: 0 });
    expect(zero.json()).toMatchObject({ count: 0, items: [], subtotal: 0 });
  });

  it('prices a line at the active sale price, floored to whole rupees', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const product = await addProduct(t, seller.storeId, { price: 999_99, quantity: 3 });
    const now = Date.now();
    const [sale] = await t.ctx.db
      .insert(sales)
      .values({
        code: 'ABCDEF01',
        storeId: seller.storeId,
        title: 'Spring',
        discountPercent: 15,
        startsAt: new Date(now - 3600_000),
        endsAt: new Date(now + 3600_000),
      })
      .returning();
    await t.ctx.db.insert(saleProducts).values({ saleId: sale!.id, productId: product });
    const res = await call('POST', '/api/cart/items', shopper.cookie, { productId: product, quantity: 2 });
    // 99999 paisa − 15% = 84999.15 → 84999 paisa → floored to Rs 849 = 84900 paisa
    expect(res.json().items[0]).toMatchObject({ unitPrice: 849_00, price: 999_99, sale: { percent: 15 } });
    expect(res.json().subtotal).toBe(1_698_00);
  });

  it('refuses more than the stock, out-of-stock products, closed stores and external-only products', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const few = await addProduct(t, seller.storeId, { quantity: 2 });
    const over = await call('POST', '/api/cart/items', shopper.cookie, { productId: few, quantity: 3 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(cartMessages.overStock(2));
    await call('POST', '/api/cart/items', shopper.cookie, { productId: few, quantity: 2 });
    expect((await call('POST', '/api/cart/items', shopper.cookie, { productId: few })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/cart/items/${few}`, shopper.cookie, { quantity: 3 })).statusCode).toBe(409);

    const gone = await addProduct(t, seller.storeId, { quantity: 0, stock: 'outofstock' });
    const outOfStock = await call('POST', '/api/cart/items', shopper.cookie, { productId: gone });
    expect(outOfStock.json().error.message).toBe(cartMessages.outOfStock);

    const external = await addProduct(t, null);
    const ext = await call('POST', '/api/cart/items', shopper.cookie, { productId: external });
    expect(ext.statusCode).toBe(409);
    expect(ext.json().error.message).toBe(cartMessages.notSoldHere);

    const closedSeller = await createSellerWithStore(t);
    const closedProduct = await addProduct(t, closedSeller.storeId);
    await t.ctx.db.update(stores).set({ status: 'closed' }).where(eq(stores.id, closedSeller.storeId));
    const closed = await call('POST', '/api/cart/items', shopper.cookie, { productId: closedProduct });
    expect(closed.json().error.message).toBe(cartMessages.storeClosed);

    expect((await call('POST', '/api/cart/items', shopper.cookie, { productId: 999999 })).statusCode).toBe(404);
    const bad = await call('POST', '/api/cart/items', shopper.cookie, { productId: few, quantity: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(cartMessages.quantityInvalid);
    const cart = await call('GET', '/api/cart', shopper.cookie);
    expect(cart.json().count).toBe(2);
  });

  it('keeps each customer to their own cart; sellers get 403 and visitors 401', async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const product = await addProduct(t, seller.storeId);
    await call('POST', '/api/cart/items', owner.cookie, { productId: product });

    expect((await call('GET', '/api/cart', other.cookie)).json().count).toBe(0);
    expect((await call('PATCH', `/api/cart/items/${product}`, other.cookie, { quantity: 2 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cart/items/${product}`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/cart', owner.cookie)).json().count).toBe(1);

    const routes: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
      ['GET', '/api/cart'],
      ['POST', '/api/cart/items', { productId: product }],
      ['PATCH', `/api/cart/items/${product}`, { quantity: 1 }],
      ['DELETE', `/api/cart/items/${product}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, seller.cookie, body)).statusCode, `${method} ${url} as seller`).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} as visitor`).toBe(401);
    }
  });
});
