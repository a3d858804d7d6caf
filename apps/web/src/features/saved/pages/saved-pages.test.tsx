import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddToCompareButton } from '../../../components/add-to-compare-button';
import { ComparePage } from './compare-page';
import { WishlistPage } from './wishlist-page';

type Handler = (method: string, path: string, body: unknown) => [status: number, body: unknown];

/** A fetch that answers the session as a signed-in customer and everything else through `handler`. */
function fakeApi(handler: Handler, signedIn = true) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(init.body as string) : undefined;
    const [status, payload] =
      url === '/api/auth/session'
        ? [200, { user: signedIn ? { id: 1, role: 'customer', name: 'Sara', email: 's@example.test' } : null }]
        : handler(method, url.replace(/^\/api/, ''), body);
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAt(path: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="/login" element={<p>Login page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const phone = {
  id: 11,
  kind: 'product',
  productId: 5,
  name: 'Galaxy A55',
  image: '',
  price: 9_000_000,
  store: 'Mobile Mart',
  inStock: true,
  ratingText: 'Mostly Positive',
  url: '/result/productHub/5',
  brand: 'Samsung',
  category: 'mobile',
  ram: 8,
  storage: 256,
  storeCount: 3,
};

afterEach(() => vi.unstubAllGlobals());

describe('the wishlist page', () => {
  it('lists the items with links, asks before removing, then shows the server’s message', async () => {
    let items = [phone];
    const fetch = fakeApi((method, path) => {
      if (method === 'GET' && path === '/wishlist') return [200, { items }];
      if (method === 'DELETE' && path === '/wishlist/11') {
        items = [];
        return [200, { message: 'Removed from Wishlist' }];
      }
      return [404, { error: { message: 'no' } }];
    });
    renderAt('/wishlist', <WishlistPage />);
    const link = await screen.findByRole('link', { name: 'Galaxy A55' });
    expect(link.getAttribute('href')).toBe('/result/productHub/5');
    expect(screen.getByText('Rs 90,000')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Galaxy A55 from wishlist' }));
    const dialog = await screen.findByRole('dialog');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed from Wishlist')).toBeTruthy();
    expect(await screen.findByText('Your Wishlist is Empty')).toBeTruthy();
  });

  it('shows an error with a retry when the list cannot load', async () => {
    fakeApi(() => [500, { error: { message: 'Something went wrong on our side. Please try again.' } }]);
    renderAt('/wishlist', <WishlistPage />);
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('signed out', () => {
  it('says Login First Please and goes to the login page', async () => {
    const fetch = fakeApi(() => [401, { error: { message: 'Login First Please' } }], false);
    renderAt('/compare', <ComparePage />);
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(await screen.findByText('Login First Please')).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/session']);
  });
});

describe('the compare page', () => {
  it('shows the products side by side', async () => {
    fakeApi(() => [
      200,
      { items: [phone, { ...phone, id: 12, name: 'Pixel 8', brand: 'Google', inStock: false, storeCount: 1 }] },
    ]);
    renderAt('/compare', <ComparePage />);
    expect(await screen.findByRole('link', { name: 'Pixel 8' })).toBeTruthy();
    const row = (label: string) => within(screen.getByRole('rowheader', { name: label }).closest('tr')!);
    expect(row('Brand').getByText('Google')).toBeTruthy();
    expect(row('Stores').getByText('3')).toBeTruthy();
    expect(row('Storage').getAllByText('256GB')).toHaveLength(2);
    expect(row('In stock').getByText('Out of Stock')).toBeTruthy();
  });

  it('has an empty state', async () => {
    fakeApi(() => [200, { items: [] }]);
    renderAt('/compare', <ComparePage />);
    expect(await screen.findByText('Nothing to compare yet')).toBeTruthy();
  });
});

describe('adding a 5th product to compare', () => {
  it('asks which entry to replace and swaps it', async () => {
    const four = [1, 2, 3, 4].map((n) => ({ ...phone, id: n, name: `Phone ${n}` }));
    const posts: unknown[] = [];
    fakeApi((method, path, body) => {
      posts.push(body);
      if ((body as { replaceId?: number }).replaceId) return [201, { message: 'Added to Compare' }];
      return [409, { error: { code: 'COMPARE_FULL', message: 'full', details: { items: four } } }];
    });
    renderAt('/p', <AddToCompareButton target={{ productId: 9 }} signedIn />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Compare' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText(/Phone 3/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText('Added to Compare')).toBeTruthy();
    await waitFor(() => expect(posts).toEqual([{ productId: 9 }, { productId: 9, replaceId: 3 }]));
  });
});
