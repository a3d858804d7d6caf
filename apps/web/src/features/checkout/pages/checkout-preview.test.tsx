import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutPreview } from '@pricehub/shared/schemas/checkout-preview';
import { cartLine, cartOf, hinaProfile } from '../../../test/cart';
import { customerSession, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { CartPage } from './cart-page';

const UNUSABLE = 'This promo code cannot be used for this order';
/** A line of one unit at `lineTotal`. */
const line = (id: number, store: string, lineTotal: number) =>
  cartLine(id, store, { name: `Item ${id}`, unitPrice: lineTotal, price: lineTotal, lineTotal });
const cart = cartOf([line(1, 'a', 20_000_00), line(2, 'b', 80_000_00)]);
const order = (store: string, subtotal: number, discount = 0) => ({
  store: { slug: store, name: `Store ${store}` },
  subtotal,
  discount,
  shipping: 50_00,
  total: subtotal + 50_00 - discount,
});

/** The server's preview, by the code in the request. */
function previewFor(promoCode: string | undefined): [number, CheckoutPreview | object] {
  const plain = [order('a', 20_000_00), order('b', 80_000_00)];
  const sum = (orders: ReturnType<typeof order>[]) => orders.reduce((n, o) => n + o.total, 0);
  if (!promoCode) return [200, { orders: plain, total: sum(plain), promo: null }];
  if (promoCode === 'LAPTOP15') {
    const orders = [plain[0]!, order('b', 80_000_00, 12_000_00)];
    return [
      200,
      {
        orders,
        total: sum(orders),
        promo: { code: 'LAPTOP15', valid: true, message: "15% off Store b's items: you save Rs 12,000" },
      },
    ];
  }
  if (promoCode === 'TOOMANY1') {
    return [
      429,
      { error: { code: 'RATE_LIMITED', message: 'Too many promo code attempts. Please wait a few minutes.' } },
    ];
  }
  return [200, { orders: plain, total: sum(plain), promo: { code: promoCode, valid: false, message: UNUSABLE } }];
}

function serveShop() {
  const api = mockApi({
    'GET /api/auth/session': customerSession,
    'GET /api/me/profile': hinaProfile(),
    'GET /api/cart': [200, cart],
  });
  const others = globalThis.fetch;
  const previews: (string | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/checkout/preview') return others(input, init);
      const code = (JSON.parse(String(init?.body)) as { promoCode?: string }).promoCode;
      previews.push(code);
      const [status, body] = previewFor(code);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { api, previews };
}

const total = () => screen.getByTestId('checkout-total').textContent;

describe('checkout preview', { timeout: 30_000 }, () => {
  it('shows the seller’s discount and the new total as the code is typed, before Checkout', async () => {
    const { previews } = serveShop();
    renderPage(<CartPage />, { path: '/shoppingCart' });
    const form = await screen.findByRole('form', { name: 'Checkout' });
    // The server's price without a code: two orders, Rs 50 shipping each.
    await waitFor(() => expect(total()).toBe('Rs 100,100'));
    expect(within(form).getByRole('region', { name: 'Order from Store b' }).textContent).toContain('Rs 80,050');

    await userEvent.type(within(form).getByLabelText('Promo code'), 'laptop15');
    expect(await within(form).findByText("15% off Store b's items: you save Rs 12,000")).toBeTruthy();
    const storeB = within(form).getByRole('region', { name: 'Order from Store b' });
    expect(within(storeB).getByText('Promo LAPTOP15: −Rs 12,000')).toBeTruthy();
    expect(within(storeB).getByText('Total: Rs 68,050')).toBeTruthy();
    expect(within(form).getByRole('region', { name: 'Order from Store a' }).textContent).not.toContain('Promo');
    expect(total()).toBe('Rs 88,100');
    // Asked once for the whole code, not at every keystroke.
    expect(previews).toEqual([undefined, 'LAPTOP15']);
  });

  it('gives the generic answer for a code that cannot be used, taking nothing off', async () => {
    serveShop();
    renderPage(<CartPage />, { path: '/shoppingCart' });
    const input = await screen.findByLabelText('Promo code');
    await waitFor(() => expect(total()).toBe('Rs 100,100'));
    await userEvent.type(input, 'expired1');
    expect(await screen.findByText(UNUSABLE)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(total()).toBe('Rs 100,100');
    expect(screen.queryByText(/Promo EXPIRED1/)).toBeNull();
  });

  it('says so when too many codes were tried', async () => {
    serveShop();
    renderPage(<CartPage />, { path: '/shoppingCart' });
    const input = await screen.findByLabelText('Promo code');
    await userEvent.type(input, 'toomany1');
    expect(await screen.findByText('Too many promo code attempts. Please wait a few minutes.')).toBeTruthy();
  });
});
