import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  customerNotificationMessages,
  type CustomerNotificationPage,
  type CustomerNotificationView,
} from '@pricehub/shared/schemas/customer-notification';
import { customerSession, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { CustomerNotificationsPage } from './customer-notifications-page';

const note = (over: Partial<CustomerNotificationView>): CustomerNotificationView => ({
  id: 1,
  kind: 'order_status',
  orderId: 'SG10001',
  title: 'Order SG10001 shipped',
  body: 'Alpha Store has shipped your order: Quasarphone ×2.\nPlease pay Rs 81,050 in cash on delivery.',
  link: '/orders/SG10001',
  read: false,
  date: '2026-11-23T07:00:00.000Z',
  ...over,
});

const page = (notifications: CustomerNotificationView[], over: Partial<CustomerNotificationPage> = {}) => ({
  notifications,
  total: notifications.length,
  unread: notifications.filter((n) => !n.read).length,
  page: 1,
  pageSize: 20,
  ...over,
});

const rejected = note({
  id: 3,
  kind: 'order_rejected',
  orderId: 'SG10002',
  title: 'Order SG10002 rejected by Beta Store',
  body: 'Their reason: Out of stock\nNothing was charged.',
  link: '/orders/SG10002',
});
const shipped = note({ id: 2 });
const accepted = note({ id: 1, title: 'Order SG10001 accepted', body: '', read: true });

const items = () => within(screen.getByRole('list', { name: 'Your notifications' })).getAllByRole('listitem');

describe('/notifications', { timeout: 30_000 }, () => {
  it('shows unread ones marked New, each linking to its order, and marks all read', async () => {
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/notifications?page=1': [
        [200, page([rejected, shipped, accepted])],
        [200, page([{ ...rejected, read: true }, { ...shipped, read: true }, accepted])],
      ],
      'POST /api/notifications/read': [200, { message: customerNotificationMessages.markedRead, unread: 0 }],
    });
    renderPage(<CustomerNotificationsPage />, { path: '/notifications' });

    expect(await screen.findByText('2 unread')).toBeTruthy();
    const [first, second, third] = items();
    expect(
      within(first!).getByRole('link', { name: 'Order SG10002 rejected by Beta Store' }).getAttribute('href'),
    ).toBe('/orders/SG10002');
    expect(within(first!).getByText(/Their reason: Out of stock/).textContent).toBe(
      'Their reason: Out of stock\nNothing was charged.',
    );
    expect(within(first!).getByText('New')).toBeTruthy();
    expect(within(second!).getByText('New')).toBeTruthy();
    // A read one has no "New" mark and no button to mark it.
    expect(within(third!).queryByText('New')).toBeNull();
    expect(within(third!).queryByRole('button')).toBeNull();
    expect(within(third!).getByRole('link', { name: 'Order SG10001 accepted' }).getAttribute('href')).toBe(
      '/orders/SG10001',
    );
    expect(within(third!).getByText('11/23/2026', { exact: false })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText(customerNotificationMessages.markedRead)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/notifications/read', body: {} },
    ]);
    await waitFor(() => expect(screen.getByText('All read')).toBeTruthy());
    expect(screen.queryByText('New')).toBeNull();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks one read when the shopper opens its order, or presses its own button', async () => {
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/notifications?page=1': [200, page([rejected, shipped])],
      'POST /api/notifications/read': [200, { message: customerNotificationMessages.markedRead, unread: 1 }],
    });
    renderPage(<CustomerNotificationsPage />, { path: '/notifications' });
    const [, second] = await waitFor(() => items());
    await userEvent.click(within(second!).getByRole('button', { name: 'Mark “Order SG10001 shipped” as read' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ids: [2] }]),
    );

    await userEvent.click(screen.getByRole('link', { name: 'Order SG10002 rejected by Beta Store' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/orders/SG10002');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ids: [2] }, { ids: [3] }]),
    );
  });

  it('says so when there are none, with a way to the orders', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/notifications?page=1': [200, page([])],
    });
    renderPage(<CustomerNotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your orders' }).getAttribute('href')).toBe('/custPanel#orders');
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('shows a loader, then the server’s error with a way to try again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/notifications?page=1': [
        [500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side' } }],
        [200, page([shipped])],
      ],
    });
    const served = vi.mocked(fetch).getMockImplementation()!;
    // The first list request waits until the loader has been seen.
    let held = true;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/notifications') && held) {
        held = false;
        const res = await served(input, init);
        await gate;
        return res;
      }
      return served(input, init);
    });
    renderPage(<CustomerNotificationsPage />, { path: '/notifications' });
    expect(await screen.findByLabelText('Loading notifications')).toBeTruthy();
    release();

    const alert = (await screen.findByText('Something went wrong on our side')).closest('[role="alert"]');
    expect(within(alert as HTMLElement).getByText('Could not load')).toBeTruthy();
    await userEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Order SG10001 shipped' })).toBeTruthy();
    expect(api.calls.filter((c) => c.url === '/api/notifications?page=1')).toHaveLength(2);
  });

  it('pages through older notifications', async () => {
    const older = note({ id: 40, title: 'Order SG09999 completed', orderId: 'SG09999', link: '/orders/SG09999' });
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/notifications?page=1': [200, page([shipped], { total: 21, unread: 1 })],
      'GET /api/notifications?page=2': [200, page([older], { total: 21, unread: 1, page: 2 })],
    });
    renderPage(<CustomerNotificationsPage />, { path: '/notifications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Order SG09999 completed' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Order SG10001 shipped' })).toBeNull();
  });
});
