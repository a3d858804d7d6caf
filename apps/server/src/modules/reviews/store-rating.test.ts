import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductOffer } from '@pricehub/shared/schemas/offer';
import { orderLines, reviews, stores } from '../../db/schema';
import { insertExternalOffer } from '../../testing/catalogue';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { insertOrder, insertStoreListing, storeIdOf } from '../sales/test-fixtures';

const t = await buildTestApp();
const shopper = await createCustomer(t);

async function storeOf() {
  const seller = await createSeller(t);
  const id = await storeIdOf(t.ctx, seller.id);
  const [row] = await t.ctx.db.select({ slug: stores.slug }).from(stores).where(eq(stores.id, id));
  return { seller, id, slug: row!.slug };
}
const rated = await storeOf();
const rival = await storeOf();
const unrated = await storeOf();

// Both stores sell the same catalogue product; the third sells something nobody has reviewed.
const galaxy = await insertStoreListing(t.ctx, rated.id, { name: 'Galaxy A15', price: 50_000_00 });
const rivalGalaxy = await insertStoreListing(t.ctx, rival.id, { name: 'Galaxy A15', productId: galaxy.productId });
await insertStoreListing(t.ctx, unrated.id, { name: 'Nokia 3310' });
const elsewhere = await insertExternalOffer(t.ctx.db, {
  productId: galaxy.productId,
  storeName: 'Elsewhere',
  price: 49_000_00,
});
// That store's offer has one positive and one negative review: equal and not zero.
await t.ctx.db.insert(reviews).values([
  { offerId: elsewhere, text: 'love it', sentimentScore: 3 },
  { offerId: elsewhere, text: 'hate it', sentimentScore: -2 },
]);

/** A review with `rating` stars written through an order of `storeId`'s listing. */
async function reviewThroughOrder(storeId: number, listingId: number, rating: number | null) {
  const orderId = await insertOrder(t.ctx, {
    customerId: shopper.id,
    storeId,
    total: 50_000_00,
    createdAt: new Date(),
    status: 'Completed',
  });
  const [line] = await t.ctx.db
    .update(orderLines)
    .set({ listingId })
    .where(eq(orderLines.orderId, orderId))
    .returning();
  await t.ctx.db
    .insert(reviews)
    .values({ productId: galaxy.productId, orderLineId: line!.id, storeId, rating, text: 'review' });
}
await reviewThroughOrder(rated.id, galaxy.listingId, 5);
await reviewThroughOrder(rated.id, galaxy.listingId, 4);
await reviewThroughOrder(rated.id, galaxy.listingId, null); // words without stars: not a rating
await reviewThroughOrder(rival.id, rivalGalaxy.listingId, 1);
// A review from before orders were kept rates every store that lists the product.
await t.ctx.db.insert(reviews).values({ productId: galaxy.productId, rating: 3, text: 'old review' });

describe('store ratings for shoppers', () => {
  it('GET /api/stores/:slug gives the store’s mean stars and how many ratings it has', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/api/stores/${rated.slug}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().store.rating).toEqual({ average: 4, count: 3 });
    const other = await t.app.inject({ method: 'GET', url: `/api/stores/${rival.slug}` });
    expect(other.json().store.rating).toEqual({ average: 2, count: 2 });
    const none = await t.app.inject({ method: 'GET', url: `/api/stores/${unrated.slug}` });
    expect(none.json().store.rating).toEqual({ average: null, count: 0 });
  });

  it('GET /api/products/:id/offers gives each of our sellers’ rows its store’s rating, keeping the rating text', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${galaxy.productId}/offers` });
    expect(res.statusCode, res.body).toBe(200);
    const offers = res.json<{ offers: ProductOffer[] }>().offers;
    const byStore = new Map(offers.map((o) => [o.store.name, o]));
    const mine = offers.find((o) => o.listingId === galaxy.listingId)!;
    const theirs = offers.find((o) => o.listingId === rivalGalaxy.listingId)!;
    expect(mine.storeRating).toEqual({ average: 4, count: 3 });
    expect(theirs.storeRating).toEqual({ average: 2, count: 2 });
    expect(typeof mine.ratingText).toBe('string');
    // Other stores' offers carry no PriceHub store rating, only their reviews' text.
    expect(byStore.get('Elsewhere')!.storeRating).toBeUndefined();
    expect(byStore.get('Elsewhere')!.ratingText).toBe('Mixed Reviews');
  });

  it('is the same number the seller sees on the dashboard', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/seller/dashboard',
      headers: { cookie: rated.seller.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kpis.averageRating).toBe(4);
  });
});
