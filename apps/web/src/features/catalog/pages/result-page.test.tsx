import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import type { Product, SearchResult } from '@pricehub/shared/schemas/product';
import { theme } from '../../../theme';
import { ResultPage } from './result-page';

const product: Product = {
  id: 7,
  name: 'Dell XPS 13 9340',
  brand: 'Dell',
  category: 'laptop',
  description: 'Ultrabook',
  ram: 16,
  storage: 512,
  price: 25_000_000,
  salePrice: 22_500_000,
  sale: { code: 'S1', title: 'Sale', percent: 10 },
  stock: 'outofstock',
  quantity: 0,
  image: '/uploads/x.webp',
  thumbnail: '/uploads/x-thumb.webp',
  store: { slug: 'laptop-lane', name: 'Laptop Lane' },
  lowestPrice: 22_000_000,
  offerCount: 3,
  storeCount: 3,
  listingId: 70,
};

function reply(result: Partial<SearchResult>) {
  const body: SearchResult = {
    items: [],
    total: 0,
    page: 1,
    pageSize: 24,
    facets: { category: [], brand: [], ram: [], price: [] },
    ...result,
  };
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/result" element={<ResultPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ResultPage', () => {
  it('asks the server with the URL filters and shows cards, lowest price, store count and facets', async () => {
    const fetchMock = reply({
      items: [product],
      total: 1,
      facets: {
        category: [{ value: 'laptop', count: 1 }],
        brand: [{ value: 'Dell', count: 1 }],
        ram: [{ value: 16, count: 1 }],
        price: [{ min: 250000, max: 255000, count: 1 }],
      },
      corrected: 'xps',
    });
    renderAt('/result?q=xsp&brand=Dell&sort=price_asc');
    expect(await screen.findByRole('link', { name: 'View Details: Dell XPS 13 9340' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/products?q=xsp&brand=Dell&sort=price_asc');
    // Another store is cheaper than our seller's sale price: the card shows the lowest of all.
    expect(screen.getByText('Rs 220,000')).toBeTruthy();
    expect(screen.queryByText('Rs 225,000')).toBeNull();
    expect(screen.getByText('at 3 stores')).toBeTruthy();
    expect(screen.getByText('Out of Stock')).toBeTruthy();
    expect(screen.getByText('Dell (1)')).toBeTruthy();
    expect(screen.getByText('16 GB (1)')).toBeTruthy();
    expect(screen.getByText(/showing results for “xps”/)).toBeTruthy();
  });

  it('shows one card per catalogue product with "at N stores", opening the catalogue product', async () => {
    reply({
      items: [
        {
          ...product,
          id: 11,
          name: 'Galaxy Z Fold6 12GB 512GB',
          lowestPrice: 22_500_000,
          offerCount: 2,
          storeCount: 2,
        },
        {
          ...product,
          id: 12,
          name: 'Pixel 9 Pro 16GB 256GB',
          stock: 'instock',
          lowestPrice: 22_500_000,
          offerCount: 1,
          storeCount: 1,
        },
      ],
      total: 2,
    });
    renderAt('/result?q=fold');
    const fold = await screen.findByRole('article', { name: 'Galaxy Z Fold6 12GB 512GB' });
    expect(fold.textContent).toContain('at 2 stores');
    expect(fold.textContent).toContain('from');
    expect(
      within(fold)
        .getByRole('link', { name: /View Details/ })
        .getAttribute('href'),
    ).toBe('/result/productHub/11');
    // Our seller's sale price is the lowest: shown with the price it was.
    const pixel = screen.getByRole('article', { name: 'Pixel 9 Pro 16GB 256GB' });
    expect(within(pixel).getByText('Rs 225,000')).toBeTruthy();
    expect(within(pixel).getByLabelText('was Rs 250,000')).toBeTruthy();
    expect(within(pixel).getByText('at 1 store')).toBeTruthy();
  });

  it('filter chips are checkboxes: ticking RAM adds it to the search, unticking the brand removes it', async () => {
    const fetchMock = reply({
      items: [product],
      total: 1,
      facets: { category: [], brand: [{ value: 'Dell', count: 1 }], ram: [{ value: 16, count: 1 }], price: [] },
    });
    renderAt('/result?q=xps&brand=Dell');
    const brand = await screen.findByRole('checkbox', { name: 'Dell (1)' });
    const ram = screen.getByRole('checkbox', { name: '16 GB (1)' });
    expect([(brand as HTMLInputElement).checked, (ram as HTMLInputElement).checked]).toEqual([true, false]);
    fireEvent.click(ram);
    await waitFor(() => expect(String(fetchMock.mock.lastCall![0])).toBe('/api/products?q=xps&brand=Dell&ram=16'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dell (1)' }));
    await waitFor(() => expect(String(fetchMock.mock.lastCall![0])).toBe('/api/products?q=xps&ram=16'));
  });

  it.each([
    ['/result?brand=Nokia&ram=8', messages.search.noBrand],
    ['/result?ram=64', messages.search.noRam],
    ['/result?minPrice=1&maxPrice=2', messages.search.noPrice],
    ['/result?q=zzzz', messages.search.noResults],
  ])('shows the spec alert for an empty %s', async (url, message) => {
    reply({});
    renderAt(url);
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
