import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewMessages } from '@pricehub/shared/schemas/review';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { reviews } from '../../db/schema';
import { ADDRESS, addListing, addProduct, caller, createSellerWithStore } from '../../testing/shop';

const t = await buildTestApp();
const call = caller(t);
/** A shopper's review of a line of their order, the line named by `productId` (a listing or catalogue id). */
const postReview = (shopper: { cookie: string }, orderId: string, body: object) =>
  call('POST', `/api/orders/${orderId}/reviews`, shopper.cookie, body);

describe('reviews of bought products', () => {
  it('accepts one review per order line, only once the order is Completed, with server-side sentiment', async () => {
    const shopper = await createCustomer(t, { name: 'Ayesha Khan' });
    const seller = await createSellerWithStore(t);
    const phone = await addProduct(t, seller.storeId);
    const other = await addProduct(t, seller.storeId);
    await call('POST', '/api/cart/items', shopper.cookie, { productId: phone });
    const placed = await call('POST', '/api/checkout', shopper.cookie, {
      paymentMethod: 'cashOnDel',
      shippingAddress: ADDRESS,
    });
    const orderId = placed.json().orders[0].orderId;
    const review = { productId: phone, text: 'Excellent phone, I love the great battery', rating: 5 };

    const early = await postReview(shopper, orderId, review);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(reviewMessages.notCompleted);

    await call('PUT', `/api/seller/orders/${orderId}/status`, seller.cookie, { status: 'Completed' });
    for (const [body, message] of [
      [{ ...review, rating: 6 }, reviewMessages.ratingRange],
      [{ ...review, rating: 0 }, reviewMessages.ratingRange],
      [{ ...review, text: '  ' }, reviewMessages.textRequired],
    ] as const) {
      const bad = await postReview(shopper, orderId, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(message);
    }
    const notInOrder = await postReview(shopper, orderId, { ...review, productId: other });
    expect(notInOrder.statusCode).toBe(404);

    const ok = await postReview(shopper, orderId, review);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().message).toBe(reviewMessages.added);
    expect(ok.json().review.sentimentScore).toBeGreaterThan(0);
    const order = (await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json();
    expect(order.lines[0].reviewed).toBe(true);
    const stored = await t.ctx.db.select().from(reviews).where(eq(reviews.productId, phone));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      author: 'Ayesha Khan',
      rating: 5,
      customerId: shopper.id,
      orderLineId: order.lines[0].id,
    });

    const again = await postReview(shopper, orderId, { ...review, text: 'Terrible, awful' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(reviewMessages.already);
    expect(await t.ctx.db.select().from(reviews).where(eq(reviews.productId, phone))).toHaveLength(1);
  });

  it('stores the review on the catalogue product of the listing bought, named by listing or catalogue id', async () => {
    const shopper = await createCustomer(t, { name: 'Hamza Ali' });
    const first = await createSellerWithStore(t);
    const second = await createSellerWithStore(t);
    // Two sellers list one catalogue product; the shopper buys the second seller's listing of it, and another item.
    const theirs = await addListing(t, first.storeId, { name: 'Redmi Note 13 (first seller)' });
    const bought = await addListing(t, second.storeId, { name: 'Redmi Note 13 8/256', productId: theirs.productId });
    const charger = await addListing(t, second.storeId, { name: 'Fast Charger' });
    expect(bought.listingId).not.toBe(bought.productId);
    await call('POST', '/api/cart/items', shopper.cookie, { listingId: bought.listingId });
    await call('POST', '/api/cart/items', shopper.cookie, { listingId: charger.listingId });
    const placed = await call('POST', '/api/checkout', shopper.cookie, {
      paymentMethod: 'cashOnDel',
      shippingAddress: ADDRESS,
    });
    const orderId = placed.json().orders[0].orderId;
    await call('PUT', `/api/seller/orders/${orderId}/status`, second.cookie, { status: 'Completed' });
    const order = (await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json();
    const line = order.lines.find((l: { listingId: number }) => l.listingId === bought.listingId);
    expect(line).toMatchObject({ productId: bought.listingId, catalogProductId: theirs.productId });

    const reviewLine = (productId: number, text: string, rating: number) =>
      postReview(shopper, orderId, { productId, text, rating });

    // Another listing, not in this order, names no line of it.
    const elsewhere = await addListing(t, first.storeId, { name: 'Not In This Order' });
    const notBought = await reviewLine(elsewhere.listingId, 'Good', 4);
    expect(notBought.statusCode).toBe(404);

    // What the order line shows: its listing id.
    const byListing = await reviewLine(line.productId, 'Great phone, fast delivery', 5);
    expect(byListing.statusCode, byListing.body).toBe(201);
    expect(byListing.json().review.productId).toBe(theirs.productId);
    const [stored] = await t.ctx.db.select().from(reviews).where(eq(reviews.orderLineId, line.id));
    expect(stored).toMatchObject({ productId: theirs.productId, rating: 5, author: 'Hamza Ali' });

    // The catalogue product's id names the same line, and the charger's catalogue id names the charger's line.
    const again = await reviewLine(theirs.productId, 'Twice', 1);
    expect(again.statusCode).toBe(409);
    const byCatalogue = await reviewLine(charger.productId, 'Charges quickly', 4);
    expect(byCatalogue.statusCode, byCatalogue.body).toBe(201);
    const after = (await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json();
    expect(after.lines.map((l: { reviewed: boolean }) => l.reviewed)).toEqual([true, true]);
  });
});
