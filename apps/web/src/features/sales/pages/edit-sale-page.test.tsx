import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SellerSale } from '@pricehub/shared/schemas/sale';
import { mockApi } from '../../../test/mock-api';
import { theme } from '../../../theme';
import { sellerRoutes } from '../routes';

const sale = (code: string, title: string, status: SellerSale['status']): SellerSale => ({
  code,
  title,
  discount: 20,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  status,
  products: [],
});

/** The workspace's real routes under /seller, with the shop's 404 page for anything they do not match. */
function openAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/seller', children: sellerRoutes },
      { path: '*', element: <p>Page not found</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('/seller/editSale without a code', { timeout: 30_000 }, () => {
  it('lists the seller’s sales to choose from, running ones first, each linking to its edit page', async () => {
    mockApi({
      'GET /api/seller/sales': [
        200,
        { sales: [sale('AB12CD34', 'Summer Clearance', 'ended'), sale('FE98DC76', 'Winter Deals', 'running')] },
      ],
    });
    openAt('/seller/editSale');
    // The page's code loads lazily, as in the app: generous on this shared machine.
    const list = await screen.findByRole('list', { name: 'Your sales' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit sale' })).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Winter Deals', '/seller/editSale/FE98DC76'],
      ['Summer Clearance', '/seller/editSale/AB12CD34'],
    ]);
  });

  it('offers to add a sale when there is none to edit', async () => {
    mockApi({ 'GET /api/seller/sales': [200, { sales: [] }] });
    openAt('/seller/editSale');
    expect(await screen.findByText('You have no sales to edit yet.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add sale' }).getAttribute('href')).toBe('/seller/addSale');
  });
});
