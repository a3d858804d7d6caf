import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderLimitMessages } from '@pricehub/shared/rules/order-limits';
import { CartPage } from '../pages/cart-page';
import { cartLine, cartOf, hinaProfile } from '../../../test/cart';
import { customerSession, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';

const cart = cartOf([cartLine(1, 'a')]);

describe('the checkout form, when the customer already holds too many unpaid orders', { timeout: 30_000 }, () => {
  it.each([
    ['online', 'Pay online by card', 'TOO_MANY_UNPAID', orderLimitMessages.unpaidOnline],
    ['cashOnDel', 'Cash on delivery', 'TOO_MANY_BOOKED', orderLimitMessages.bookedCash(5, 1)],
  ])('shows what to do (%s), keeping the cart and the form as they were', async (method, label, code, message) => {
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/me/profile': hinaProfile({ city: '' }),
      'GET /api/cart': [200, cart],
      'POST /api/checkout': [409, { error: { code, message } }],
    });
    renderPage(<CartPage />, { path: '/shoppingCart' });
    await userEvent.click(await screen.findByLabelText(label));
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent === message)).toBe(true);
    expect(api.calls.find((c) => c.method === 'POST' && c.url === '/api/checkout')?.body).toMatchObject({
      paymentMethod: method,
    });
    expect(screen.getByRole('region', { name: 'Sold by Store a' })).toBeTruthy();
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
