import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { messageUnderInput } from '../../../test/form-queries';
import { customerSession, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { CustomerPanelPage } from './customer-panel-page';

const profile = { name: 'Hina', email: 'hina@example.test', phone: '03001234567', city: 'Lahore', address: '1 Road' };

describe('/custPanel password change', { timeout: 30_000 }, () => {
  it('changes the customer’s password with the seller’s rules and messages', async () => {
    const wrong = messages.password.currentWrong;
    const api = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/me/profile': [200, profile],
      'GET /api/orders': [200, { orders: [] }],
      'GET /api/cart': [200, { items: [], count: 0, subtotal: 0 }],
      'PUT /api/me/password': [
        [400, { error: { code: 'VALIDATION', message: wrong, fields: { currentPassword: wrong } } }],
        [200, { message: messages.password.changed }],
      ],
    });
    renderPage(<CustomerPanelPage />, { path: '/custPanel' });

    const section = await screen.findByRole('region', { name: 'Change password' });
    expect(
      within(screen.getByRole('navigation', { name: 'Your account' }))
        .getByRole('link', { name: 'Change password' })
        .getAttribute('href'),
    ).toBe('#password');
    const current = within(section).getByLabelText(/^Current password/);
    const next = within(section).getByLabelText(/^New password/);

    // The spec's live hint, then the shared rule before anything is sent.
    fireEvent.change(next, { target: { value: 'Ab1!' } });
    expect(within(section).getByTestId('password-length').textContent).toBe(messages.password.tooShort);
    fireEvent.change(current, { target: { value: 'not-it' } });
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(messageUnderInput(next)).toBe(messages.password.tooShort);
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    // The server's answer to a wrong current password shows under that field.
    fireEvent.change(next, { target: { value: 'N3w!passw0rd' } });
    expect(within(section).getByTestId('password-length').textContent).toBe(messages.password.lengthOk);
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(messageUnderInput(current)).toBe(wrong));

    fireEvent.change(current, { target: { value: 'Passw0rd!' } });
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.password.changed)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { currentPassword: 'not-it', newPassword: 'N3w!passw0rd' },
      { currentPassword: 'Passw0rd!', newPassword: 'N3w!passw0rd' },
    ]);
    // The fields are emptied after a change.
    await waitFor(() => expect((current as HTMLInputElement).value).toBe(''));
  });
});

describe('/custPanel notifications entry', () => {
  it('links to the notifications with the unread count', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/me/profile': [200, profile],
      'GET /api/orders': [200, { orders: [] }],
      'GET /api/cart': [200, { items: [], count: 0, subtotal: 0 }],
      'GET /api/notifications?pageSize=1': [200, { notifications: [], total: 3, unread: 3, page: 1, pageSize: 1 }],
    });
    renderPage(<CustomerPanelPage />, { path: '/custPanel' });
    const nav = await screen.findByRole('navigation', { name: 'Your account' });
    expect(within(nav).getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe('/notifications');
    await waitFor(() => expect(within(nav).getByLabelText('Unread notification count').textContent).toBe('3'));
  });
});
