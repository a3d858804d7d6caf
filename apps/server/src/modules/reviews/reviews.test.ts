import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewMessages } from '@pricehub/shared/schemas/review';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { reviews } from '../../db/schema';
import { ADDRESS, addProduct, caller, createSellerWithStore } from '../checkout/testing';

const t = await buildTestApp();
const call = caller(t);

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

    const early = await call('POST', `/api/orders/${orderId}/reviews`, shopper.cookie, review);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(reviewMessages.notCompleted);

    await call('PUT', `/api/seller/orders/${orderId}/status`, seller.cookie, { status: 'Completed' });
    for (const [body, message] of [
      [{ ...review, rating: 6 }, reviewMessages.ratingRange],
      [{ ...review, rating: 0 }, reviewMessages.ratingRange],
      [{ ...review, text: '  ' }, reviewMessages.textRequired],
    ] as const) {
      const bad = await call('POST', `/api/orders/${orderId}/reviews`, shopper.cookie, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(message);
    }
    const notInOrder = await call('POST', `/api/orders/${orderId}/reviews`, shopper.cookie, {
      ...review,
      productId: other,
    });
    expect(notInOrder.statusCode).toBe(404);

    const ok = await call('POST', `/api/orders/${orderId}/reviews`, shopper.cookie, review);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().message).toBe(reviewMessages.added);
    expect(ok.json().review.sentimentScore).toBeGreaterThan(0);
    const order = (await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json();
    expect(order.lines[0].reviewed).toBe(true);
    const stored = await t.ctx.db.select().from(reviews).where(eq(reviews.productId, phone));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ author: 'Ayesha Khan', rating: 5, customerId: shopper.id });

    const again = await call('POST', `/api/orders/${orderId}/reviews`, shopper.cookie, {
      ...review,
      text: 'Terrible, awful',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(reviewMessages.already);
    expect(await t.ctx.db.select().from(reviews).where(eq(reviews.productId, phone))).toHaveLength(1);
  });
});
