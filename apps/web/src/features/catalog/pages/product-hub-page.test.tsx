import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cartMessages } from '@pricehub/shared/schemas/cart';
import type { ProductDetail } from '@pricehub/shared/schemas/product';
import { mockApi } from '../../../test/mock-api';
import { theme } from '../../../theme';
import { ProductHubPage } from './product-hub-page';

const fold: ProductDetail = {
  id: 11,
  name: 'Samsung Galaxy Z Fold6 12GB 512GB',
  brand: 'Samsung',
  category: 'mobile',
  description: 'Foldable',
  ram: 12,
  storage: 512,
  price: 40_500_000,
  stock: 'instock',
  quantity: 3,
  image: '',
  thumbnail: '',
  store: { slug: 'fold-corner', name: 'Fold Corner' },
  lowestPrice: 39_999_900,
  offerCount: 3,
  storeCount: 3,
  listingId: 42,
  reviews: [],
  score: { score: 0, positive: 0, negative: 0 },
  ratingText: 'No Reviews',
  recommendations: [],
};
const customer = [200, { user: { id: 1, role: 'customer', name: 'Hina', email: 'h@x.test', store: null } }] as [
  number,
  unknown,
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/result/productHub/:productId" element={<ProductHubPage />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the product page', () => {
  it('shows the lowest price at every store, and "Add to Cart" buys our cheapest listing by product id', async () => {
    const api = mockApi({
      'GET /api/auth/session': customer,
      'GET /api/products/11': [200, fold],
      'POST /api/cart/items': [201, { message: 'Added to Cart', items: [], count: 1, subtotal: 0 }],
      'POST /api/products/11/views': [200, { counted: true, views: 1 }],
    });
    renderAt('/result/productHub/11');
    expect(await screen.findByRole('heading', { level: 1, name: fold.name })).toBeTruthy();
    expect(screen.getByText('Rs 399,999')).toBeTruthy();
    expect(screen.getByText('at 3 stores')).toBeTruthy();
    expect(screen.getByText(/Cheapest from our sellers: Rs 405,000 at/).textContent).toContain('Fold Corner');
    await waitFor(() => expect(api.sent('GET /api/auth/session')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(api.sent('POST /api/cart/items').map((c) => c.body)).toEqual([{ productId: 11 }]));
  });

  it('disables "Add to Cart" with a note when only other stores sell it', async () => {
    mockApi({
      'GET /api/auth/session': customer,
      'GET /api/products/11': [200, { ...fold, store: null, listingId: null, quantity: 0 }],
    });
    renderAt('/result/productHub/11');
    const button = await screen.findByRole('button', { name: 'Add to Cart' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const note = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe(`${cartMessages.notSoldHere}: compare their prices below.`);
  });

  it('moves an old address (a seller listing id) to its catalogue product', async () => {
    // The browser follows the API's 301: GET /api/products/90 answers with catalogue product 11.
    mockApi({
      'GET /api/products/90': [200, fold],
      'GET /api/products/11': [200, fold],
      'GET /api/auth/session': [200, { user: null }],
    });
    renderAt('/result/productHub/90');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/result/productHub/11'));
    expect(await screen.findByRole('heading', { level: 1, name: fold.name })).toBeTruthy();
  });
});
