import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { savedPhone } from '../../../test/saved-items';
import { WishlistPage } from './wishlist-page';

describe('the wishlist page', () => {
  it('lists the items with links, asks before removing, then shows the server’s message', async () => {
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/wishlist': [
        [200, { items: [savedPhone] }],
        [200, { items: [] }],
      ],
      'DELETE /api/wishlist/11': [200, { message: 'Removed from Wishlist' }],
    });
    renderPage(<WishlistPage />, { path: '/wishlist' });
    const link = await screen.findByRole('link', { name: 'Galaxy A55' });
    expect(link.getAttribute('href')).toBe('/result/productHub/5');
    expect(screen.getByText('Rs 90,000')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Galaxy A55 from wishlist' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.sent('DELETE /api/wishlist/11')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed from Wishlist')).toBeTruthy();
    expect(await screen.findByText('Your Wishlist is Empty')).toBeTruthy();
  });

  it('shows an error with a retry when the list cannot load', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/wishlist': [500, { error: { message: 'Something went wrong on our side. Please try again.' } }],
    });
    renderPage(<WishlistPage />, { path: '/wishlist' });
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
