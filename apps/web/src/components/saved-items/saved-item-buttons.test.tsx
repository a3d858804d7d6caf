import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession, mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { savedPhone } from '../../test/saved-items';
import { AddToCompareButton } from './add-to-compare-button';
import { AddToWishlistButton } from './add-to-wishlist-button';

/** The button, once the session is known (until then it cannot tell a customer from a visitor). */
async function readyButton(name: string) {
  const button = screen.getByRole('button', { name }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

describe('adding a 5th product to compare', () => {
  it('asks which entry to replace and swaps it', async () => {
    const four = [1, 2, 3, 4].map((n) => ({ ...savedPhone, id: n, name: `Phone ${n}` }));
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'POST /api/compare': [
        [409, { error: { code: 'COMPARE_FULL', message: 'full', details: { items: four } } }],
        [201, { message: 'Added to Compare' }],
      ],
    });
    renderPage(<AddToCompareButton target={{ productId: 9 }} />, { path: '/p' });
    await userEvent.click(await readyButton('Add to Compare'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText(/Phone 3/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText('Added to Compare')).toBeTruthy();
    expect(api.sent('POST /api/compare').map((c) => c.body)).toEqual([
      { productId: 9 },
      { productId: 9, replaceId: 3 },
    ]);
  });
});

describe('add to wishlist', () => {
  it('saves the offer and shows the server’s message', async () => {
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'POST /api/wishlist': [201, { message: 'Successfully Added to Wishlist' }],
    });
    renderPage(<AddToWishlistButton target={{ offerId: 7 }} />, { path: '/p' });
    await userEvent.click(await readyButton('Add to Wishlist'));
    expect(await screen.findByText('Successfully Added to Wishlist')).toBeTruthy();
    expect(api.sent('POST /api/wishlist').map((c) => c.body)).toEqual([{ offerId: 7 }]);
  });

  it('tells a visitor to log in first and sends nothing', async () => {
    const api = mockApi({ 'GET /api/auth/session': [200, { user: null }] });
    renderPage(<AddToWishlistButton target={{ productId: 5 }} />, { path: '/p' });
    await userEvent.click(await readyButton('Add to Wishlist'));
    expect(await screen.findByText('Login First Please')).toBeTruthy();
    expect(api.sent('POST /api/wishlist')).toHaveLength(0);
  });
});
