import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderLimitMessages } from '@pricehub/shared/rules/order-limits';
import type { CartView } from '@pricehub/shared/schemas/cart';
import { CartPage } from '../pages/cart-page';
import { customerSession, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';

const cart: CartView = {
  items: [
    {
      productId: 1,
      listingId: 1,
      catalogProductId: 101,
      name: 'Phone 1',
      image: '',
      brand: 'Brand',
      unitPrice: 1_000_00,
      price: 1_000_00,
      quantity: 1,
      stock: 5,
      lineTotal: 1_000_00,
      store: { slug: 'a', name: 'Store a' },
    } as CartView['items'][number],
  ],
  count: 1,
  subtotal: 1_000_00,
};

afterEach(() => vi.unstubAllGlobals());

describe('the checkout form, when the customer already holds too many unpaid orders', { timeout: 30_000 }, () => {
  it.each([
    ['online', 'Pay online by card', 'TOO_MANY_UNPAID', orderLimitMessages.unpaidOnline],
    ['cashOnDel', 'Cash on delivery', 'TOO_MANY_BOOKED', orderLimitMessages.bookedCash(5, 1)],
  ])('shows what to do (%s), keeping the cart and the form as they were', async (method, label, code, message) => {
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/me/profile': [
        200,
        { name: 'Hina', email: 'h@x.test', phone: '03001234567', city: '', address: '1 Road' },
      ],
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
