import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { cartLine, cartOf, hinaProfile } from '../../../test/cart';
import { customerSession, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { CartPage } from './cart-page';

const profile = hinaProfile();

describe('shopping cart page', () => {
  it("says 'Your Cart is Empty' when there is nothing in it", async () => {
    mockApi({ 'GET /api/auth/session': customerSession, 'GET /api/cart': [200, cartOf([])] });
    renderPage(<CartPage />, { path: '/shoppingCart' });
    expect(await screen.findByText(messages.cart.empty)).toBeTruthy();
  });

  it('shows totals per seller with Rs 50 shipping each, and changes quantities with the server’s message', async () => {
    const items = [cartLine(1, 'a'), cartLine(2, 'b', { quantity: 2, lineTotal: 2_000_00 })];
    const grown = [cartLine(1, 'a', { quantity: 2, lineTotal: 2_000_00 }), items[1]!];
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/me/profile': profile,
      'GET /api/cart': [200, cartOf(items)],
      'PATCH /api/cart/items/1': [200, { ...cartOf(grown), message: messages.cart.increased }],
    });
    renderPage(<CartPage />, { path: '/shoppingCart' });
    expect(await screen.findByRole('region', { name: 'Sold by Store a' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Checkout' }).textContent).toContain('Rs 3,100');
    await waitFor(() =>
      expect((screen.getByLabelText(/Shipping address/) as HTMLTextAreaElement).value).toBe('1 Road, Lahore'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Phone 1' }));
    expect(await screen.findByText(messages.cart.increased)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ quantity: 2 });
    await waitFor(() => expect(screen.getByRole('form', { name: 'Checkout' }).textContent).toContain('Rs 4,100'));
  });

  it("names each line's seller and links the line to its catalogue product", async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/me/profile': profile,
      'GET /api/cart': [200, cartOf([cartLine(1, 'a'), cartLine(2, 'b')])],
    });
    renderPage(<CartPage />, { path: '/shoppingCart' });
    const second = await screen.findByRole('region', { name: 'Sold by Store b' });
    expect(within(second).getByRole('link', { name: 'Phone 2' }).getAttribute('href')).toBe('/result/productHub/102');
    expect(within(second).getByText(/Seller:/).textContent).toBe('Brand · Seller: Store b');
    // The group's heading and the line both name the seller.
    const sellers = within(second).getAllByRole('link', { name: 'Store b' });
    expect(sellers.map((a) => a.getAttribute('href'))).toEqual(['/viewstore/b', '/viewstore/b']);
  });

  it('asks before removing a line', async () => {
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/me/profile': profile,
      'GET /api/cart': [200, cartOf([cartLine(1, 'a')])],
      'DELETE /api/cart/items/1': [200, { ...cartOf([]), message: messages.cart.removed }],
    });
    renderPage(<CartPage />, { path: '/shoppingCart' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Phone 1 from cart' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(messages.cart.removed)).toBeTruthy();
    expect(await screen.findByText(messages.cart.empty)).toBeTruthy();
  });

  it('marks the lines that are short when checkout answers 409, keeping what was typed', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/me/profile': profile,
      'GET /api/cart': [200, cartOf([cartLine(1, 'a', { quantity: 3, lineTotal: 3_000_00 })])],
      'POST /api/checkout': [
        409,
        {
          error: {
            code: 'CONFLICT',
            message: 'Some items no longer have enough stock',
            details: { short: [{ productId: 1, name: 'Phone 1', requested: 3, available: 1 }] },
          },
        },
      ],
    });
    renderPage(<CartPage />, { path: '/shoppingCart' });
    const promo = await screen.findByLabelText('Promo code');
    await userEvent.type(promo, 'save10');
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Only 1 left in stock: lower the quantity to check out')).toBeTruthy();
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts.some((t) => t?.includes('Some items no longer have enough stock'))).toBe(true);
    expect((promo as HTMLInputElement).value).toBe('SAVE10');
  });
});
