import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { EditProductPage } from './edit-product-page';

afterEach(() => vi.unstubAllGlobals());

// The seller's listing as the API answers it: money in paisa (Rs 129,999.50).
const listing = {
  id: 42,
  productId: 7,
  name: 'Dell XPS 13 9340',
  brand: 'Dell',
  category: 'laptop',
  description: 'A reliable device for work and play',
  ram: 16,
  storage: 512,
  price: 12_999_950,
  quantity: 5,
  stock: 'instock',
  image: '/uploads/demo/laptop.svg',
  thumbnail: '/uploads/demo/laptop.svg',
  store: { slug: 's', name: 'S' },
  gtin: null,
};

const priceInput = () => screen.getByLabelText(/^Price \(Rs\)/, { selector: 'input' }) as HTMLInputElement;
const save = () => userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
const saved = (api: ReturnType<typeof mockApi>) => api.sent('PUT /api/seller/products/42');

/** The seller's edit page for the listing, once its form is filled; the API stand-in records what is sent. */
async function openEditPage() {
  const api = mockApi({
    'GET /api/seller/products': [200, { items: [listing] }],
    'PUT /api/seller/products/42': [200, { listing, product: { ...listing, id: 7 }, message: 'Updated' }],
  });
  renderPage(<EditProductPage />, { path: '/seller/editProduct/42', pattern: '/seller/editProduct/:listingId' });
  await screen.findByRole('button', { name: 'Update Product' });
  return api;
}

describe('editing a product: rupees in the form, paisa on the wire', { timeout: 20_000 }, () => {
  it('shows the price in rupees and sends it back in paisa, unchanged', async () => {
    const api = await openEditPage();
    expect(priceInput().value).toBe('129999.5');
    await save();
    await waitFor(() => expect(saved(api)).toHaveLength(1));
    expect(saved(api)[0]!.body).toMatchObject({ price: 12_999_950 });
  });

  it('sends a new price typed in rupees as paisa', async () => {
    const api = await openEditPage();
    fireEvent.change(priceInput(), { target: { value: '1299' } });
    await save();
    await waitFor(() => expect(saved(api)).toHaveLength(1));
    expect(saved(api)[0]!.body).toMatchObject({ price: 129_900 });
  });
});
