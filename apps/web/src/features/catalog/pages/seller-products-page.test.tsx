import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { formatRs } from '@pricehub/shared/rules/money';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { SellerProductsPage } from './seller-products-page';
import { sellerListing } from './seller-listing.fixture';

const listing = sellerListing;

describe('the seller’s products', { timeout: 20_000 }, () => {
  it('lists each listing with its price, and deletes one only after asking', async () => {
    const api = mockApi({
      'GET /api/seller/products': [200, { items: [listing] }],
      'DELETE /api/seller/products/42': [200, { message: messages.product.deleted }],
    });
    renderPage(<SellerProductsPage />, { path: '/seller/products' });
    const row = (await screen.findByRole('link', { name: listing.name })).closest('tr')!;
    expect(row.textContent).toContain(formatRs(listing.price));
    expect(
      within(row)
        .getByRole('link', { name: `Edit ${listing.name}` })
        .getAttribute('href'),
    ).toBe('/seller/editProduct/42');

    await userEvent.click(within(row).getByRole('button', { name: `Delete ${listing.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product?' });
    expect(dialog.textContent).toContain(`Delete “${listing.name}”? Shoppers will no longer see it.`);
    expect(api.sent('DELETE /api/seller/products/42')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sent('DELETE /api/seller/products/42')).toHaveLength(1));
    expect(await screen.findByText(messages.product.deleted)).toBeTruthy();
  });

  it('keeps the question open with the server’s reason when deleting fails', async () => {
    const refusal = 'This listing is in an order being delivered';
    mockApi({
      'GET /api/seller/products': [200, { items: [listing] }],
      'DELETE /api/seller/products/42': apiError(409, refusal),
    });
    renderPage(<SellerProductsPage />, { path: '/seller/products' });
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${listing.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Delete product?' })).toBeTruthy();
  });
});
