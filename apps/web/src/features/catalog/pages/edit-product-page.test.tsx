import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { messageUnderInput } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { EditProductPage } from './edit-product-page';
import { sellerListing } from './seller-listing.fixture';

const listing = sellerListing;

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

  it('shows the spec’s messages under the fields before sending, keeping what was typed', async () => {
    const api = await openEditPage();
    const name = screen.getByLabelText(/^Product name/) as HTMLInputElement;
    const quantity = screen.getByLabelText(/^Quantity/, { selector: 'input' }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.change(quantity, { target: { value: '-2' } });
    fireEvent.change(priceInput(), { target: { value: '1299' } });
    await save();
    expect(messageUnderInput(name)).toBe(messages.product.allFieldsEdit);
    expect(messageUnderInput(quantity)).toBe(messages.product.invalidQuantity);
    // …and the first message as a toast, as the server's refusal would show it.
    await waitFor(() => expect(screen.getAllByText(messages.product.allFieldsEdit)).toHaveLength(2));
    expect(saved(api)).toHaveLength(0);
    expect(priceInput().value).toBe('1299');
    expect(quantity.value).toBe('-2');
  });

  it('puts the server’s message for a field under that field', async () => {
    const api = mockApi({
      'GET /api/seller/products': [200, { items: [listing] }],
      'PUT /api/seller/products/42': apiError(400, 'GTIN taken', { gtin: 'GTIN taken' }),
    });
    renderPage(<EditProductPage />, { path: '/seller/editProduct/42', pattern: '/seller/editProduct/:listingId' });
    await screen.findByRole('button', { name: 'Update Product' });
    await save();
    await waitFor(() => expect(saved(api)).toHaveLength(1));
    await waitFor(() => expect(messageUnderInput(screen.getByLabelText(/^GTIN/))).toBe('GTIN taken'));
  });
});
