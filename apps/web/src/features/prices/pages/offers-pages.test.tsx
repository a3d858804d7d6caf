import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ProductOffer } from '@pricehub/shared/schemas/offer';
import { ExternalProductPage } from './external-product-page';
import { ProductOffersPanel } from './product-offers-panel';
import { PriceAlertsPage } from './price-alerts-page';
import { ScrapeProductsPage } from './scrape-products-page';

type Handler = (method: string, path: string, body: unknown) => [status: number, body: unknown] | undefined;

function fakeApi(signedIn: boolean, handler: Handler) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(init.body as string) : undefined;
    const session = signedIn
      ? { user: { id: 1, role: 'customer', name: 'Sara', email: 's@example.test', store: null } }
      : { user: null };
    const [status, payload] =
      url === '/api/auth/session'
        ? [200, session]
        : (handler(method, url.replace(/^\/api/, ''), body) ?? [404, { error: { message: 'Not found' } }]);
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
function renderRoutes(path: string, routes: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>{routes}</Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function ProductHub() {
  return <Outlet context={{ product: { id: 7, name: 'Galaxy A54' } }} />;
}

const offer = (over: Partial<ProductOffer>): ProductOffer => ({
  id: 'offer-1',
  kind: 'external',
  offerId: 1,
  store: { name: 'Fixture Mobiles', slug: 'fixture-mobiles' },
  url: 'https://fixture.test/a54',
  name: 'Samsung Galaxy A54 8/256',
  price: 12_999_900,
  shipping: null,
  inStock: true,
  available: true,
  ratingText: 'Mostly Positive',
  matchedBy: 'gtin',
  lastCheckedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const ours = (listingId: number, store: string, price: number, over: Partial<ProductOffer> = {}) =>
  offer({
    id: `store-${listingId}`,
    kind: 'store',
    offerId: undefined,
    listingId,
    store: { name: store, slug: store.toLowerCase().replace(/ /g, '-') },
    url: `/viewstore/${store.toLowerCase().replace(/ /g, '-')}`,
    name: `${store} listing`,
    price,
    shipping: 5_000,
    quantity: 4,
    ratingText: 'No Reviews',
    matchedBy: 'name',
    ...over,
  });

/** In the server's order (cheapest available first), which the table keeps. */
const offers = [
  offer({}),
  ours(41, 'Hub Phones', 13_500_000, { listPrice: 15_000_000 }),
  ours(42, 'Fold Corner', 13_900_000, { matchedBy: 'seller' }),
  offer({
    id: 'offer-2',
    offerId: 2,
    store: { name: 'Gone Mart', slug: 'gone-mart' },
    price: 11_000_000,
    available: false,
    matchedBy: 'name',
  }),
];
const history = {
  series: [
    {
      store: 'Fixture Mobiles',
      points: [
        { date: '2026-11-19T10:00:00.000Z', price: 13_200_000 },
        { date: '2026-11-20T10:00:00.000Z', price: 12_999_900 },
      ],
    },
  ],
  lowest: [
    { date: '2026-11-19T10:00:00.000Z', price: 13_200_000 },
    { date: '2026-11-20T10:00:00.000Z', price: 12_999_900 },
  ],
};

const panelApi = (signedIn: boolean, extra: Handler = () => undefined) =>
  fakeApi(signedIn, (method, path, body) => {
    if (path === '/products/7/offers') return [200, { offers }];
    if (path === '/products/7/price-history') return [200, history];
    if (path === '/price-alerts' && method === 'GET') return [200, { alerts: [] }];
    return extra(method, path, body);
  });

const panel = () =>
  renderRoutes(
    '/result/productHub/7',
    <Route path="/result/productHub/:id" element={<ProductHub />}>
      <Route index element={<ProductOffersPanel />} />
    </Route>,
  );

describe('the product page panel', () => {
  it('lists every offer in the order given, with shipping, how each was matched, and safe external links', async () => {
    panelApi(false);
    panel();
    const table = await screen.findByRole('table', { name: 'Compare prices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      expect.stringContaining('Fixture Mobiles'),
      expect.stringContaining('Hub Phones'),
      expect.stringContaining('Fold Corner'),
      expect.stringContaining('Gone Mart'),
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // Price, shipping, stock, rating, match.
    expect(cells(rows[0]!).slice(0, 5)).toEqual([
      'Rs 129,999Lowest price',
      'Not stated',
      'In Stock',
      'Mostly Positive',
      expect.stringMatching(/^Matched by GTINchecked /),
    ]);
    expect(cells(rows[1]!).slice(0, 5)).toEqual([
      'Rs 135,000Rs 150,000',
      'Rs 50',
      'In Stock4 left',
      'No Reviews',
      'Matched by name and specs',
    ]);
    expect(cells(rows[2]!)[4]).toBe('Chosen by the seller');
    expect(cells(rows[3]!).slice(0, 3)).toEqual(['Rs 110,000', 'Not stated', 'Unavailable']);

    const external = within(rows[0]!).getByRole('link', { name: /Visit Store/ });
    expect(external.getAttribute('href')).toBe('https://fixture.test/a54');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(within(rows[0]!).getByRole('link', { name: 'Samsung Galaxy A54 8/256' }).getAttribute('href')).toBe(
      '/result/productDetail/1',
    );
    // Our sellers' rows buy; other stores' rows only link out.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).queryByRole('link', { name: /Visit Store/ })).toBeNull();
    expect(within(rows[1]!).getByRole('link', { name: 'Hub Phones' }).getAttribute('href')).toBe(
      '/viewstore/hub-phones',
    );
    expect(await screen.findByText('Lowest price seen: Rs 129,999')).toBeTruthy();
  });

  it("adds the chosen seller's listing to the cart from its own row", async () => {
    const posted: unknown[] = [];
    panelApi(true, (method, path, body) => {
      if (path === '/cart/items' && method === 'POST') {
        posted.push(body);
        return [201, { message: 'Added to Cart', items: [], count: 1, subtotal: 0 }];
      }
    });
    panel();
    const row = (await screen.findByRole('rowheader', { name: /Fold Corner/ })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Add to Cart from Fold Corner' }));
    await waitFor(() => expect(posted).toEqual([{ listingId: 42 }]));
    expect((await screen.findAllByText('Added to Cart')).length).toBeGreaterThan(0);
  });

  it('sends a signed-out shopper to log in instead of adding to the cart', async () => {
    const fetch = panelApi(false);
    renderRoutes(
      '/result/productHub/7',
      <>
        <Route path="/result/productHub/:id" element={<ProductHub />}>
          <Route index element={<ProductOffersPanel />} />
        </Route>
        <Route path="/login" element={<p>Login page</p>} />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart from Hub Phones' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url === '/api/cart/items')).toBe(false);
  });

  it('asks a signed-out shopper to log in before setting a price drop alert', async () => {
    const fetch = panelApi(false);
    panel();
    await userEvent.click(await screen.findByRole('button', { name: 'Price drop alert' }));
    expect((await screen.findAllByText('Login First Please')).length).toBeGreaterThan(0);
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/price-alerts' && init?.method === 'POST')).toBe(false);
  });

  it('sets an alert at a target price and keeps the value with the message when refused', async () => {
    const posted: unknown[] = [];
    panelApi(true, (method, path, body) => {
      if (path === '/price-alerts' && method === 'POST') {
        posted.push(body);
        return [
          400,
          {
            error: {
              code: 'VALIDATION',
              message: 'Please enter a valid target price',
              fields: { targetPrice: 'Please enter a valid target price' },
            },
          },
        ];
      }
    });
    panel();
    const input = await screen.findByLabelText(/Alert me at/);
    await userEvent.type(input, '120000');
    await userEvent.click(screen.getByRole('button', { name: 'Price drop alert' }));
    await waitFor(() => expect(posted).toEqual([{ productId: 7, targetPrice: 12_000_000 }]));
    expect((await screen.findAllByText('Please enter a valid target price')).length).toBeGreaterThan(0);
    expect((input as HTMLInputElement).value).toBe('120,000');
  }, 20_000);
});

const detail = {
  id: 3,
  productId: 7,
  store: 'Fixture Mobiles',
  storeSlug: 'fixture-mobiles',
  url: 'https://fixture.test/a54',
  name: 'Samsung Galaxy A54 8/256',
  price: 12_999_900,
  inStock: true,
  available: true,
  image: '',
  lastCheckedAt: '2026-11-20T10:00:00.000Z',
  description: 'Not Available',
  brand: 'Samsung',
  ratingValue: null,
  ratingCount: 0,
  reviews: [{ author: 'Ali', text: 'Excellent phone', rating: 5 }],
  score: { score: 3, positive: 1, negative: 0 },
  ratingText: 'Mostly Positive',
};

describe('the external product detail', () => {
  it('shows the spec fields and asks a signed-out shopper to log in for the wishlist', async () => {
    const fetch = fakeApi(false, (_m, path) => (path === '/external-products/3' ? [200, detail] : undefined));
    renderRoutes(
      '/result/productDetail/3',
      <Route path="/result/productDetail/:offerId" element={<ExternalProductPage />} />,
    );
    expect(await screen.findByRole('heading', { name: 'Samsung Galaxy A54 8/256' })).toBeTruthy();
    expect(screen.getByText('Rs 129,999')).toBeTruthy();
    expect(screen.getByText('Not Available')).toBeTruthy();
    expect(screen.getByText('In Stock')).toBeTruthy();
    expect(screen.getByText('Mostly Positive')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Visit Store/ }).getAttribute('rel')).toBe('nofollow noopener');
    await userEvent.click(screen.getByRole('button', { name: 'Add to WishList' }));
    expect((await screen.findAllByText('Login First Please')).length).toBeGreaterThan(0);
    expect(fetch.mock.calls.some(([url]) => url === '/api/wishlist')).toBe(false);
  });

  it('adds the offer to the compare list for a customer', async () => {
    const posted: unknown[] = [];
    fakeApi(true, (method, path, body) => {
      if (path === '/external-products/3') return [200, detail];
      if (path === '/compare' && method === 'POST') {
        posted.push(body);
        return [201, { message: 'Added to Compare' }];
      }
    });
    renderRoutes(
      '/result/productDetail/3',
      <Route path="/result/productDetail/:offerId" element={<ExternalProductPage />} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Compare' }));
    await waitFor(() => expect(posted).toEqual([{ offerId: 3 }]));
  });
});

describe('/ScrapeProducts', () => {
  it('lists the newest external products with links to their detail, and filters by store', async () => {
    const fetch = fakeApi(false, (_m, path) =>
      path.startsWith('/external-products?') ? [200, { items: [detail], total: 1, pageSize: 24 }] : undefined,
    );
    renderRoutes('/ScrapeProducts', <Route path="/ScrapeProducts" element={<ScrapeProductsPage />} />);
    const link = await screen.findByRole('link', { name: /Samsung Galaxy A54/ });
    expect(link.getAttribute('href')).toBe('/result/productDetail/3');
    await userEvent.type(screen.getByLabelText('Store'), 'Fixture');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('store=Fixture'))).toBe(true));
  });
});

describe('/price-alerts', () => {
  it("lists the customer's alerts and shows which have fired", async () => {
    fakeApi(true, (_m, path) =>
      path === '/price-alerts'
        ? [
            200,
            {
              alerts: [
                {
                  productId: 7,
                  productName: 'Galaxy A54',
                  targetPrice: 12_000_000,
                  basePrice: 13_000_000,
                  currentPrice: 11_900_000,
                  lastNotifiedPrice: 11_900_000,
                  fired: true,
                  createdAt: '2026-11-20T10:00:00.000Z',
                },
                {
                  productId: 8,
                  productName: 'Pixel 8',
                  targetPrice: null,
                  basePrice: 15_000_000,
                  currentPrice: 15_000_000,
                  lastNotifiedPrice: null,
                  fired: false,
                  createdAt: '2026-11-21T10:00:00.000Z',
                },
              ],
            },
          ]
        : undefined,
    );
    renderRoutes('/price-alerts', <Route path="/price-alerts" element={<PriceAlertsPage />} />);
    expect(await screen.findByText('Dropped to Rs 119,000')).toBeTruthy();
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Galaxy A54' }).getAttribute('href')).toBe('/result/productHub/7');
  });
});
