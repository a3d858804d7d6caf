import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ratingText } from '@pricehub/shared/rules/rating';
import type { ProductOffer } from '@pricehub/shared/schemas/offer';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { ComparePricesTable } from './compare-prices-table';

const base = {
  url: '',
  name: 'Galaxy A54',
  shipping: 5_000,
  inStock: true,
  available: true,
  matchedBy: 'name',
  lastCheckedAt: '2026-11-20T10:00:00.000Z',
} as const;
const ours = (listingId: number, store: string, over: Partial<ProductOffer>): ProductOffer => ({
  ...base,
  id: `store-${listingId}`,
  kind: 'store',
  listingId,
  store: { name: store, slug: store.toLowerCase().replace(/ /g, '-') },
  price: 13_000_000 + listingId,
  quantity: 4,
  ratingText: 'No Reviews',
  ...over,
});
const offers: ProductOffer[] = [
  ours(1, 'Hub Phones', { storeRating: { average: 4.3, count: 12 }, ratingText: 'Mostly Positive' }),
  ours(2, 'New Shop', { storeRating: { average: null, count: 0 } }),
  {
    ...base,
    id: 'offer-3',
    kind: 'external',
    offerId: 3,
    store: { name: 'Elsewhere', slug: 'elsewhere' },
    url: 'https://elsewhere.test/a54',
    price: 12_500_000,
    // One positive and one negative review of that store's offer.
    ratingText: ratingText({ positive: 1, negative: 1 }),
  },
];

describe('compare prices: store ratings', () => {
  it("shows each PriceHub store's stars and number of ratings beside the review text", async () => {
    mockApi({ 'GET /api/products/7/offers': [200, { offers }] });
    renderPage(<ComparePricesTable productId={7} />, { path: '/result/productHub/7' });
    const table = await screen.findByRole('table', { name: 'Compare prices' });
    const row = (store: string) =>
      within(table)
        .getByRole('rowheader', { name: new RegExp(store) })
        .closest('tr')!;

    const rated = within(row('Hub Phones')).getByRole('img', { name: 'Rated 4.3 out of 5 from 12 ratings' });
    expect(rated.textContent).toContain('4.3');
    expect(rated.textContent).toContain('(12)');
    expect(row('Hub Phones').textContent).toContain('Mostly Positive');

    expect(within(row('New Shop')).getByText('No ratings yet')).toBeTruthy();

    // Another store's offer has no PriceHub stars, only its reviews' text.
    expect(within(row('Elsewhere')).queryByTestId('store-rating')).toBeNull();
    expect(within(row('Elsewhere')).getByText('Mixed Reviews')).toBeTruthy();
  });
});
