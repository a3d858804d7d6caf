import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountDataMessages as m } from '@pricehub/shared/schemas/account-data';
import { apiError, mockApi } from '../test/mock-api';
import { messageUnderInput } from '../test/form-queries';
import { expectLandedAt, renderPage } from '../test/render-page';
import { AccountDataPanel } from './account-data-panel';

const created: Blob[] = [];
const downloads: string[] = [];

const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  created.length = 0;
  downloads.length = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:pricehub-test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
});

const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
};

describe('your data', { timeout: 30_000 }, () => {
  it('downloads the account’s data as a JSON file', async () => {
    const data = { account: { email: 'hina@example.test' }, orders: [{ orderId: 'SG10001' }] };
    mockApi({ 'GET /api/me/data': [200, data] });
    renderPage(<AccountDataPanel role="customer" />, { path: '/custPanel' });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^pricehub-customer-data-\d{4}-\d\d-\d\d\.json$/);
    expect(JSON.parse(await created[0]!.text())).toEqual(data);
  });

  it('says why a download failed', async () => {
    mockApi({ 'GET /api/me/data': apiError(401, 'Please sign in to continue') });
    renderPage(<AccountDataPanel role="seller" />, { path: '/seller/sellerProfile' });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Please sign in to continue')).toBeTruthy();
    expect(downloads).toEqual([]);
  });

  it('deletes the account only with the password, showing the server’s reasons, then leaves for the home page', async () => {
    const api = mockApi({
      'DELETE /api/me/account': [
        apiError(400, m.wrongPassword, { password: m.wrongPassword }),
        apiError(409, m.customerOpenOrders(['SG10001'])),
        [200, { message: m.deleted }],
      ],
    });
    renderPage(<AccountDataPanel role="customer" />, { path: '/custPanel' });
    const dialog = await openDialog();
    expect(within(dialog).getByText(/Your orders stay in the shop’s records/)).toBeTruthy();
    const password = within(dialog).getByLabelText(/^Your password/);
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });

    // Nothing is sent without a password.
    await userEvent.click(confirm);
    expect(messageUnderInput(password)).toBe(m.passwordRequired);
    expect(api.sent('DELETE /api/me/account')).toEqual([]);

    fireEvent.change(password, { target: { value: 'wrong-one' } });
    await userEvent.click(confirm);
    await waitFor(() => expect(messageUnderInput(password)).toBe(m.wrongPassword));

    fireEvent.change(password, { target: { value: 'Passw0rd!' } });
    await userEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.customerOpenOrders(['SG10001']));

    await userEvent.click(confirm);
    await expectLandedAt('/');
    expect(await screen.findByText(m.deleted)).toBeTruthy();
    expect(api.sent('DELETE /api/me/account').map((c) => c.body)).toEqual([
      { password: 'wrong-one' },
      { password: 'Passw0rd!' },
      { password: 'Passw0rd!' },
    ]);
  });

  it('tells a seller that the store closes, and can be left without deleting anything', async () => {
    const api = mockApi({});
    renderPage(<AccountDataPanel role="seller" />, { path: '/seller/sellerProfile' });
    const dialog = await openDialog();
    expect(within(dialog).getByText(/Your store closes and its listings leave the shop/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([]);
  });
});
