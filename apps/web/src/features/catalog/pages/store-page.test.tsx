import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorePage } from '@pricehub/shared/schemas/product';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { StorePageView } from './store-page';

afterEach(() => vi.unstubAllGlobals());

const page = (rating: StorePage['store']['rating']): StorePage => ({
  store: {
    slug: 'hub-phones',
    name: 'Hub Phones',
    status: 'open',
    createdAt: '2025-01-10T00:00:00.000Z',
    description: 'Phones in Lahore',
    rating,
  },
  products: [],
});

describe('store page', () => {
  it("shows the store's rating and how many ratings it has", async () => {
    mockApi({ 'GET /api/stores/hub-phones': [200, page({ average: 4.5, count: 2 })] });
    renderPage(<StorePageView />, { path: '/viewstore/hub-phones', pattern: '/viewstore/:storeSlug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hub Phones' })).toBeTruthy();
    const stars = screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 ratings' });
    expect(stars.textContent).toContain('4.5');
    expect(stars.textContent).toContain('(2)');
  });

  it('says when a store has no ratings yet', async () => {
    mockApi({ 'GET /api/stores/hub-phones': [200, page({ average: null, count: 0 })] });
    renderPage(<StorePageView />, { path: '/viewstore/hub-phones', pattern: '/viewstore/:storeSlug' });
    expect(await screen.findByText('No ratings yet')).toBeTruthy();
  });
});
