import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

/** The search answers with `product` alone and these facets (the others empty). */
function replyWithProduct(facets: Partial<SearchResult['facets']>, more: Partial<SearchResult> = {}) {
  return reply({
    items: [product],
    total: 1,
    facets: { category: [], brand: [], ram: [], price: [], ...facets },
    ...more,
  });
}

/** The facets of `product`: a Dell laptop with 16 GB. */
const dellFacets: Pick<SearchResult['facets'], 'category' | 'brand' | 'ram'> = {
  category: [{ value: 'laptop', count: 1 }],
  brand: [{ value: 'Dell', count: 1 }],
  ram: [{ value: 16, count: 1 }],
};

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

const setWidth = (width: number) =>
  (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM.setViewport({ width });

afterEach(() => setWidth(1024));

describe('ResultPage', () => {
  it('asks the server with the URL filters and shows cards, lowest price, store count and facets', async () => {
    const fetchMock = replyWithProduct(
      { ...dellFacets, price: [{ min: 250_000_00, max: 255_000_00, count: 1 }] },
      { corrected: 'xps' },
    );
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
    const fetchMock = replyWithProduct({ brand: dellFacets.brand, ram: dellFacets.ram });
    renderAt('/result?q=xps&brand=Dell');
    const brand = await screen.findByRole('checkbox', { name: 'Dell (1)' });
    const ram = screen.getByRole('checkbox', { name: '16 GB (1)' });
    expect([(brand as HTMLInputElement).checked, (ram as HTMLInputElement).checked]).toEqual([true, false]);
    fireEvent.click(ram);
    await waitFor(() => expect(String(fetchMock.mock.lastCall![0])).toBe('/api/products?q=xps&brand=Dell&ram=16'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dell (1)' }));
    await waitFor(() => expect(String(fetchMock.mock.lastCall![0])).toBe('/api/products?q=xps&ram=16'));
  });

  it('counts the active filters on the Filters button, which opens them in a dialog and takes focus back', async () => {
    replyWithProduct({ ...dellFacets, price: [{ min: 220_000_00, max: 225_000_00, count: 1 }] });
    // A phone: the sidebar gives way to the Filters button (Mantine's hiddenFrom styles answer to the width).
    setWidth(390);
    renderAt('/result?q=xps&brand=Dell&ram=16&minPrice=200000');
    await screen.findByRole('link', { name: 'View Details: Dell XPS 13 9340' });
    // Brand, RAM and the price range: three.
    const button = screen.getByRole('button', { name: 'Filters, 3 active' });
    expect(button.textContent).toContain('(3)');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('checkbox', { name: 'Dell (1)' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Show 1 product' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('filters by a typed price range, spanning the slider over the results before any price', async () => {
    const fetchMock = replyWithProduct({
      price: [
        { min: 40_000_00, max: 45_000_00, count: 3 },
        { min: 380_000_00, max: 385_000_00, count: 1 },
      ],
    });
    renderAt('/result?q=samsung');
    await screen.findByRole('link', { name: 'View Details: Dell XPS 13 9340' });
    // One price filter, not a chip per Rs 5,000.
    const price = screen.getByRole('group', { name: 'Price' });
    expect(within(price).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(price).getByRole('slider', { name: 'Lowest price' }).getAttribute('aria-valuenow')).toBe('40000');
    expect(within(price).getByRole('slider', { name: 'Highest price' }).getAttribute('aria-valuenow')).toBe('385000');
    fireEvent.change(within(price).getByLabelText('Min (Rs)'), { target: { value: '50000' } });
    fireEvent.change(within(price).getByLabelText('Max (Rs)'), { target: { value: '100000' } });
    fireEvent.click(within(price).getByRole('button', { name: 'Apply' }));
    // The page's URL keeps rupees; the API is asked in paisa.
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(
        '/api/products?q=samsung&minPrice=5000000&maxPrice=10000000',
      ),
    );
    // The slider keeps spanning every price of the search, and shows the range asked for.
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: 'Lowest price' }).getAttribute('aria-valuenow')).toBe('50000'),
    );
    expect(screen.getByRole('slider', { name: 'Highest price' }).getAttribute('aria-valuemax')).toBe('385000');
    expect(screen.getByText('Rs 50,000 – Rs 100,000')).toBeTruthy();
  });

  it('applies the slider once it is let go, leaving the side at the end of the span open', async () => {
    const fetchMock = replyWithProduct({
      price: [
        { min: 40_000_00, max: 45_000_00, count: 1 },
        { min: 60_000_00, max: 65_000_00, count: 1 },
      ],
    });
    renderAt('/result?q=samsung');
    await screen.findByRole('link', { name: 'View Details: Dell XPS 13 9340' });
    const lowest = screen.getByRole('slider', { name: 'Lowest price' });
    vi.useFakeTimers();
    try {
      // Each arrow moves a step (Rs 500 over a Rs 25,000 span); the search waits for the last one.
      act(() => {
        fireEvent.keyDown(lowest, { key: 'ArrowRight' });
        fireEvent.keyDown(lowest, { key: 'ArrowRight' });
      });
      const before = fetchMock.mock.calls.length;
      act(() => vi.advanceTimersByTime(400));
      expect(fetchMock.mock.calls.length).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
    expect(String(fetchMock.mock.lastCall![0])).toBe('/api/products?q=samsung&minPrice=4100000');
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
