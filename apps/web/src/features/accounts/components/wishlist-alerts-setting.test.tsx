import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wishlistAlertMessages } from '@pricehub/shared/schemas/wishlist-alerts';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { WishlistAlertsSetting } from './wishlist-alerts-setting';

const toggle = () => screen.findByRole('switch', { name: /Email me about my saved products/ });

describe('wishlist alerts setting', { timeout: 30_000 }, () => {
  it('shows the saved choice and turns alerts off and on again', async () => {
    const api = mockApi({
      'GET /api/wishlist/alerts': [200, { enabled: true }],
      'PUT /api/wishlist/alerts': [
        [200, { enabled: false, message: wishlistAlertMessages.off }],
        [200, { enabled: true, message: wishlistAlertMessages.on }],
      ],
    });
    renderPage(<WishlistAlertsSetting />, { path: '/custPanel' });
    const input = (await toggle()) as HTMLInputElement;
    expect(input.checked).toBe(true);
    expect(screen.getByText(/drops in price, goes on sale or is back in stock/)).toBeTruthy();

    await userEvent.click(input);
    expect(await screen.findByText(wishlistAlertMessages.off)).toBeTruthy();
    await waitFor(() => expect(input.checked).toBe(false));
    await waitFor(() => expect(input.disabled).toBe(false));

    await userEvent.click(input);
    expect(await screen.findByText(wishlistAlertMessages.on)).toBeTruthy();
    await waitFor(() => expect(input.checked).toBe(true));
    expect(api.sent('PUT /api/wishlist/alerts').map((c) => c.body)).toEqual([{ enabled: false }, { enabled: true }]);
  });

  it('puts the switch back and says why when the change fails', async () => {
    mockApi({
      'GET /api/wishlist/alerts': [200, { enabled: true }],
      'PUT /api/wishlist/alerts': apiError(500, 'Something went wrong on our side. Please try again.'),
    });
    renderPage(<WishlistAlertsSetting />, { path: '/custPanel' });
    const input = (await toggle()) as HTMLInputElement;
    await userEvent.click(input);
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    await waitFor(() => expect(input.checked).toBe(true));
  });

  it('offers to try again when the setting cannot be loaded', async () => {
    mockApi({
      'GET /api/wishlist/alerts': [
        [500, { error: { code: 'X', message: 'Database unavailable' } }],
        [200, { enabled: false }],
      ],
    });
    renderPage(<WishlistAlertsSetting />, { path: '/custPanel' });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(((await toggle()) as HTMLInputElement).checked).toBe(false);
  });
});
