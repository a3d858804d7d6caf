import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product, StorePage } from '@pricehub/shared/schemas/product';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { StorePageView } from './store-page';

const pattern = '/viewstore/:storeSlug';
const ask = (page: number) => `GET /api/stores/hub-phones?page=${page}&pageSize=48`;

const phone = (id: number): Product => ({
  id,
  name: `Hub Phone ${id}`,
  brand: 'Hub',
  category: 'mobile',
  description: 'A phone',
  ram: 8,
  storage: 128,
  price: 5_000_000,
  stock: 'instock',
  quantity: 3,
  image: '/uploads/p.webp',
  thumbnail: '/uploads/p-thumb.webp',
  store: { slug: 'hub-phones', name: 'Hub Phones' },
});

const page = (answer: Partial<StorePage> = {}): StorePage => ({
  store: {
    slug: 'hub-phones',
    name: 'Hub Phones',
    status: 'open',
    createdAt: '2025-01-10T00:00:00.000Z',
    description: 'Phones in Lahore',
    rating: { average: null, count: 0 },
  },
  products: [],
  total: 0,
  page: 1,
  pageSize: 48,
  ...answer,
});

/** Page `n` of a store with 120 products (three pages of 48), holding its first two products. */
const pageOf120 = (n: number) => page({ products: [phone(n * 100 + 1), phone(n * 100 + 2)], total: 120, page: n });

describe('store page', () => {
  it("shows the store's rating and how many ratings it has", async () => {
    mockApi({ [ask(1)]: [200, page({ store: { ...page().store, rating: { average: 4.5, count: 2 } } })] });
    renderPage(<StorePageView />, { path: '/viewstore/hub-phones', pattern });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hub Phones' })).toBeTruthy();
    const stars = screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 ratings' });
    expect(stars.textContent).toContain('4.5');
    expect(stars.textContent).toContain('(2)');
  });

  it('says when a store has no ratings yet', async () => {
    mockApi({ [ask(1)]: [200, page()] });
    renderPage(<StorePageView />, { path: '/viewstore/hub-phones', pattern });
    expect(await screen.findByText('No ratings yet')).toBeTruthy();
    expect(screen.getByText('This store has no products yet')).toBeTruthy();
  });

  it('asks for the page in its URL and links every page, the first without ?page', async () => {
    const api = mockApi({ [ask(2)]: [200, pageOf120(2)], [ask(3)]: [200, pageOf120(3)] });
    renderPage(<StorePageView />, { path: '/viewstore/hub-phones?page=2', pattern });
    expect(await screen.findByText('Hub Phone 201')).toBeTruthy();
    expect(api.sent(ask(2))).toHaveLength(1);
    expect(screen.getByText(/120 products/)).toBeTruthy();
    expect(screen.getByText('Products 49–50 of 120')).toBeTruthy();

    const pager = screen.getByRole('navigation', { name: "Pages of Hub Phones's products" });
    const link = (name: string) => within(pager).getByRole('link', { name }).getAttribute('href');
    expect(link('Page 1')).toBe('/viewstore/hub-phones');
    expect(link('Previous page')).toBe('/viewstore/hub-phones');
    expect(link('Page 3')).toBe('/viewstore/hub-phones?page=3');
    expect(link('Next page')).toBe('/viewstore/hub-phones?page=3');
    expect(within(pager).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(pager).getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Hub Phone 301')).toBeTruthy();
    expect(api.sent(ask(3))).toHaveLength(1);
    // The last page has no next page to link to.
    const next = within(pager).getByRole('button', { name: 'Next page' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
  });

  it('shows no pager when every product fits on one page', async () => {
    mockApi({ [ask(1)]: [200, page({ products: [phone(1)], total: 1 })] });
    renderPage(<StorePageView />, { path: '/viewstore/hub-phones', pattern });
    expect(await screen.findByText('Hub Phone 1')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: /Pages of/ })).toBeNull();
  });

  it('says a page past the last is not there, and links back to the first', async () => {
    mockApi({ [ask(9)]: [200, page({ total: 120, page: 9 })] });
    renderPage(<StorePageView />, { path: '/viewstore/hub-phones?page=9', pattern });
    expect(await screen.findByText('There is no page 9: the store has 3 pages.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'First page' }).getAttribute('href')).toBe('/viewstore/hub-phones');
  });

  it('says a ?page that cannot be a page is not there, as the server does', async () => {
    mockApi({
      'GET /api/stores/hub-phones?page=NaN&pageSize=48': [
        400,
        { error: { code: 'VALIDATION', message: 'Invalid input', fields: { page: 'Invalid input' } } },
      ],
    });
    renderPage(<StorePageView />, { path: '/viewstore/hub-phones?page=abc', pattern });
    expect(await screen.findByText('There is no such page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'First page' }).getAttribute('href')).toBe('/viewstore/hub-phones');
  });
});
