import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { cartMessages } from '@pricehub/shared/schemas/cart';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { stores } from '../../db/schema';
import { insertExternalOffer } from '../../testing/catalogue';
import { addListing, addProduct, caller, createSellerWithStore } from '../../testing/shop';
import { insertSale } from '../../testing/campaigns';

const t = await buildTestApp();
const call = caller(t);

describe('cart arithmetic', () => {
  it('adds, grows, shrinks and removes lines with the spec messages; count is the sum of quantities', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const phone = await addProduct(t, seller.storeId, { price: 1_000_00, quantity: 5 });
    const laptop = await addProduct(t, seller.storeId, { price: 2_500_50, quantity: 5 });

    const first = await call('POST', '/api/cart/items', shopper.cookie, { listingId: phone });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: messages.cart.added, count: 1, subtotal: 1_000_00 });

    const again = await call('POST', '/api/cart/items', shopper.cookie, { listingId: phone });
    expect(again.json()).toMatchObject({ message: messages.cart.increased, count: 2, subtotal: 2_000_00 });

    const withLaptop = await call('POST', '/api/cart/items', shopper.cookie, { listingId: laptop, quantity: 2 });
    // 2 × Rs 1000 + 2 × Rs 2500 (Rs 2500.50 floored to whole rupees)
    expect(withLaptop.json()).toMatchObject({ count: 4, subtotal: 2_000_00 + 5_000_00 });
    const line = withLaptop.json().items.find((i: { productId: number }) => i.productId === laptop);
    expect(line).toMatchObject({
      listingId: laptop,
      unitPrice: 2_500_00,
      price: 2_500_50,
      quantity: 2,
      lineTotal: 5_000_00,
      stock: 5,
    });
    expect(line.store.name).toBe(seller.storeName);

    // The header's counter says the same, without the lines.
    expect((await call('GET', '/api/cart/count', shopper.cookie)).json()).toEqual({ count: 4 });

    const down = await call('PATCH', `/api/cart/items/${phone}`, shopper.cookie, { quantity: 1 });
    expect(down.json()).toMatchObject({ message: messages.cart.decreased, count: 3 });
    const up = await call('PATCH', `/api/cart/items/${phone}`, shopper.cookie, { quantity: 3 });
    expect(up.json()).toMatchObject({ message: messages.cart.increased, count: 5 });

    // Removing a line removes its whole quantity, not 1.
    const removed = await call('DELETE', `/api/cart/items/${laptop}`, shopper.cookie);
    expect(removed.json()).toMatchObject({ message: messages.cart.removed, count: 3, subtotal: 3_000_00 });

    const zero = await call('PATCH', `/api/cart/items/${phone}`, shopper.cookie, { quantity: 0 });
    expect(zero.json()).toMatchObject({ count: 0, items: [], subtotal: 0 });
    expect((await call('GET', '/api/cart/count', shopper.cookie)).json()).toEqual({ count: 0 });
  });

  it('prices a line at the active sale price, floored to whole rupees', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const product = await addProduct(t, seller.storeId, { price: 999_99, quantity: 3 });
    await insertSale(t.ctx.db, { storeId: seller.storeId, listingIds: [product], discountPercent: 15 });
    const res = await call('POST', '/api/cart/items', shopper.cookie, { productId: product, quantity: 2 });
    // 99999 paisa − 15% = 84999.15 → 84999 paisa → floored to Rs 849 = 84900 paisa
    expect(res.json().items[0]).toMatchObject({ unitPrice: 849_00, price: 999_99, sale: { percent: 15 } });
    expect(res.json().subtotal).toBe(1_698_00);
  });

  it('refuses more than the stock, out-of-stock products, closed stores and external-only products', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const few = await addProduct(t, seller.storeId, { quantity: 2 });
    const over = await call('POST', '/api/cart/items', shopper.cookie, { listingId: few, quantity: 3 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(cartMessages.overStock(2));
    await call('POST', '/api/cart/items', shopper.cookie, { listingId: few, quantity: 2 });
    expect((await call('POST', '/api/cart/items', shopper.cookie, { listingId: few })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/cart/items/${few}`, shopper.cookie, { quantity: 3 })).statusCode).toBe(409);

    const gone = await addProduct(t, seller.storeId, { quantity: 0, stock: 'outofstock' });
    const outOfStock = await call('POST', '/api/cart/items', shopper.cookie, { listingId: gone });
    expect(outOfStock.json().error.message).toBe(cartMessages.outOfStock);

    const external = await addProduct(t, null);
    const ext = await call('POST', '/api/cart/items', shopper.cookie, { productId: external });
    expect(ext.statusCode).toBe(409);
    expect(ext.json().error.message).toBe(cartMessages.notSoldHere);

    const closedSeller = await createSellerWithStore(t);
    const closedProduct = await addProduct(t, closedSeller.storeId);
    await t.ctx.db.update(stores).set({ status: 'closed' }).where(eq(stores.id, closedSeller.storeId));
    const closed = await call('POST', '/api/cart/items', shopper.cookie, { listingId: closedProduct });
    expect(closed.json().error.message).toBe(cartMessages.storeClosed);

    expect((await call('POST', '/api/cart/items', shopper.cookie, { productId: 999999 })).statusCode).toBe(404);
    const noListing = await call('POST', '/api/cart/items', shopper.cookie, { listingId: 999999 });
    expect(noListing.statusCode).toBe(404);
    expect(noListing.json().error.message).toBe(cartMessages.productNotFound);
    expect((await call('POST', '/api/cart/items', shopper.cookie, { quantity: 1 })).statusCode).toBe(400);
    const bad = await call('POST', '/api/cart/items', shopper.cookie, { productId: few, quantity: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(cartMessages.quantityInvalid);
    // An id past the database's integer range names no line (not a server error).
    expect((await call('PATCH', '/api/cart/items/3000000000', shopper.cookie, { quantity: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/cart/items/3000000000', shopper.cookie)).statusCode).toBe(404);
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
    expect((await call('GET', '/api/cart/count', other.cookie)).json().count).toBe(0);
    expect((await call('GET', '/api/cart/count', owner.cookie)).json().count).toBe(1);

    const routes: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
      ['GET', '/api/cart'],
      ['GET', '/api/cart/count'],
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

describe('cart lines hold listings', () => {
  /** A catalogue product that three sellers list (and another store sells), each listing with its own wording. */
  async function listedThrice() {
    const [cheap, mid, dear] = await Promise.all([1, 2, 3].map(() => createSellerWithStore(t)));
    const first = await addListing(t, cheap!.storeId, { name: 'Nova 8 by Cheap', price: 900_00, quantity: 1 });
    const productId = first.productId;
    const second = await addListing(t, mid!.storeId, { name: 'Nova 8 (Mid)', price: 1_000_00, productId });
    const third = await addListing(t, dear!.storeId, { name: 'Nova 8 Dear', price: 1_200_00, productId });
    await insertExternalOffer(t.ctx.db, { productId, storeName: 'Elsewhere Mart', price: 500_00 });
    return {
      productId,
      cheap: first.listingId,
      mid: second.listingId,
      dear: third.listingId,
      sellers: [cheap!, mid!, dear!],
    };
  }

  it('adds our cheapest available listing for {productId: catalogue id}, a sale price counting', async () => {
    const shopper = await createCustomer(t);
    const p = await listedThrice();
    const first = await call('POST', '/api/cart/items', shopper.cookie, { productId: p.productId });
    expect(first.statusCode, first.body).toBe(201);
    // The external offer is cheaper, but only our sellers' listings can go into a cart.
    expect(first.json().items).toEqual([
      expect.objectContaining({
        productId: p.cheap,
        listingId: p.cheap,
        catalogProductId: p.productId,
        name: 'Nova 8 by Cheap',
        unitPrice: 900_00,
        store: { slug: expect.any(String), name: p.sellers[0]!.storeName },
      }),
    ]);
    // Its one unit is in the cart now: the next unit comes from the next cheapest listing with stock.
    const second = await call('POST', '/api/cart/items', shopper.cookie, { productId: p.productId });
    expect(second.statusCode).toBe(201);
    expect(second.json().items.map((i: { listingId: number }) => i.listingId)).toEqual([p.cheap, p.mid]);

    // A 25% sale makes the dearest listing (Rs 1,200 → Rs 900) cheaper than the middle one for another shopper.
    await insertSale(t.ctx.db, { storeId: p.sellers[2]!.storeId, listingIds: [p.dear], discountPercent: 25 });
    await t.ctx.db.update(stores).set({ status: 'closed' }).where(eq(stores.id, p.sellers[0]!.storeId));
    const other = await createCustomer(t);
    const res = await call('POST', '/api/cart/items', other.cookie, { productId: p.productId });
    expect(res.json().items).toEqual([
      expect.objectContaining({ listingId: p.dear, name: 'Nova 8 Dear', unitPrice: 900_00, price: 1_200_00 }),
    ]);
  });

  it('adds the chosen seller’s listing for {listingId}, and PATCH/DELETE name the line by its listing id', async () => {
    const shopper = await createCustomer(t);
    const p = await listedThrice();
    const res = await call('POST', '/api/cart/items', shopper.cookie, { listingId: p.dear, quantity: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().items).toEqual([
      expect.objectContaining({ listingId: p.dear, catalogProductId: p.productId, unitPrice: 1_200_00, quantity: 2 }),
    ]);
    await call('POST', '/api/cart/items', shopper.cookie, { listingId: p.mid });
    const patched = await call('PATCH', `/api/cart/items/${p.dear}`, shopper.cookie, { quantity: 1 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().items.map((i: { listingId: number; quantity: number }) => [i.listingId, i.quantity])).toEqual(
      [
        [p.dear, 1],
        [p.mid, 1],
      ],
    );
    // The catalogue product's id names no line of this cart (its cheapest listing is not in it).
    expect((await call('DELETE', `/api/cart/items/${p.cheap}`, shopper.cookie)).statusCode).toBe(404);
    const removed = await call('DELETE', `/api/cart/items/${p.mid}`, shopper.cookie);
    expect(removed.json().items.map((i: { listingId: number }) => i.listingId)).toEqual([p.dear]);
  });

  it('treats an old client’s {productId: listing id} as that listing', async () => {
    const shopper = await createCustomer(t);
    const p = await listedThrice();
    // p.mid was attached to an existing catalogue product, so no catalogue product has its id: before the
    // catalogue it was the product id of that seller's product.
    const res = await call('POST', '/api/cart/items', shopper.cookie, { productId: p.mid });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items).toEqual([
      expect.objectContaining({ productId: p.mid, listingId: p.mid, name: 'Nova 8 (Mid)' }),
    ]);
  });

  it('answers 404, notSoldHere and outOfStock for a catalogue product it cannot sell', async () => {
    const shopper = await createCustomer(t);
    const missing = await call('POST', '/api/cart/items', shopper.cookie, { productId: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(cartMessages.productNotFound);

    const externalOnly = await addProduct(t, null);
    const ext = await call('POST', '/api/cart/items', shopper.cookie, { productId: externalOnly });
    expect(ext.statusCode).toBe(409);
    expect(ext.json().error.message).toBe(cartMessages.notSoldHere);

    const a = await createSellerWithStore(t);
    const b = await createSellerWithStore(t);
    const sold = await addListing(t, a.storeId, { quantity: 0, stock: 'outofstock' });
    await addListing(t, b.storeId, { productId: sold.productId, quantity: 0 });
    const none = await call('POST', '/api/cart/items', shopper.cookie, { productId: sold.productId });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(cartMessages.outOfStock);
    expect((await call('GET', '/api/cart', shopper.cookie)).json().count).toBe(0);
  });
});
