import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import { theme } from '../theme';
import { Header } from './header';
import { queryKeys } from '../api/query-keys';
import { customerUser as customer, operatorUser as operator, sellerUser as seller } from '../test/users';

function renderHeader(user: SessionUser | null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/cart/count') return Response.json({ count: 3 });
    if (url === '/api/notifications?pageSize=1')
      return Response.json({ notifications: [], total: 2, unread: 2, page: 1, pageSize: 1 });
    if (url === '/api/auth/logout' && init?.method === 'POST') return Response.json({ ok: true });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.session, { user });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { fetchMock, client };
}

/** Opens the account menu and lists its entries (links and buttons). */
async function menuItems(): Promise<string[]> {
  const toggle = screen.getByRole('button', { name: /account menu/i });
  fireEvent.click(toggle);
  await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
  const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  return Array.from(menu.querySelectorAll('a, button')).map((el) => el.textContent ?? '');
}

describe('header', () => {
  it('gives a customer their notifications with the unread count', async () => {
    const { client } = renderHeader(customer);
    await waitFor(() => expect(client.getQueryData([...queryKeys.notifications.all, 'unread'])).toBe(2));
    expect(await menuItems()).toContain('Notifications (2)');
    expect(screen.getByRole('link', { name: 'Notifications (2)' }).getAttribute('href')).toBe('/notifications');
  });

  it('gives an operator the console instead of the cart and the seller sign-in', async () => {
    renderHeader(operator);
    const items = await menuItems();
    expect(items).toContain('Operator console');
    expect(items).not.toContain('Login as Seller');
    expect(items).not.toContain('Notifications');
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
  });

  it('offers Sign-In and Login as Seller to a visitor, with the search box and no complaint links', async () => {
    renderHeader(null);
    expect(screen.getByRole('button', { name: /account menu/i }).textContent).toContain('Sign-In');
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register Complain' })).toBeNull();
    const items = await menuItems();
    expect(items).toContain('Sign-In');
    expect(items).toContain('Login as Seller');
    expect(items).not.toContain('Your Complains');
    expect(items).not.toContain('Logout');
  });

  it("shows a customer's name, their complaint links and Logout", async () => {
    renderHeader(customer);
    expect(screen.getByRole('button', { name: /account menu/i }).textContent).toContain('Sara Malik');
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register Complain' }).getAttribute('href')).toBe('/registercomplain');
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
    const items = await menuItems();
    expect(items).toEqual(expect.arrayContaining(['Login as Seller', 'Your Complains', 'Logout']));
    expect(items).not.toContain('Sign-In');
  });

  it('hides the search box, the cart and Register Complain from a seller', async () => {
    const { fetchMock } = renderHeader(seller);
    expect(screen.getByRole('button', { name: /account menu/i }).textContent).toContain('Omar Farooq');
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register Complain' })).toBeNull();
    const items = await menuItems();
    expect(items).toContain('Logout');
    expect(items).not.toContain('Your Complains');
    expect(items).not.toContain('Login as Seller');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/cart/count', expect.anything());
  });

  it('signs out from the menu and falls back to Sign-In at once', async () => {
    const { fetchMock } = renderHeader(customer);
    await menuItems();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /account menu/i }).textContent).toContain('Sign-In'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });
});
