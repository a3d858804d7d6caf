import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { fillAndSubmit, messageUnder } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { expectLandedAt, renderPage } from '../../../test/render-page';
import { CustomerResetPasswordPage, SellerResetPasswordPage } from './reset-password-page';

const labels = { password: /^New password/, confirmPassword: /^Confirm new password/ };
const check = 'GET /api/auth/password-reset/tok123';
const complete = 'POST /api/auth/password-reset/tok123';
const customerPage = () =>
  renderPage(<CustomerResetPasswordPage />, {
    path: '/userpassword/reset/tok123',
    pattern: '/userpassword/reset/:token',
  });

describe('password reset page', () => {
  it('shows a not-found state, with a way to ask again, when the link is unknown or used', async () => {
    const api = mockApi({ [check]: apiError(404, messages.password.resetInvalid) });
    customerPage();
    expect(await screen.findByRole('heading', { name: /reset link not found/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forget-password');
    expect(screen.queryByLabelText(labels.password)).toBeNull();
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([check]);
  });

  it('checks both passwords in the form before posting', async () => {
    const api = mockApi({ [check]: [200, { role: 'customer' }] });
    customerPage();
    await screen.findByLabelText(labels.password);
    fillAndSubmit(labels, { password: 'weak', confirmPassword: 'weak' }, 'Change password');
    expect(messageUnder(labels.password)).toBe(messages.password.tooShort);
    fillAndSubmit(labels, { password: 'Str0ng!pass', confirmPassword: 'Str0ng!pasS' }, 'Change password');
    expect(messageUnder(labels.confirmPassword)).toBe(messages.password.confirmMismatch);
    expect(api.sent(complete)).toHaveLength(0);
  });

  it("says 'password changed sucessfully' and goes to /login", async () => {
    const api = mockApi({
      [check]: [200, { role: 'customer' }],
      [complete]: [200, { message: messages.password.resetDone }],
    });
    customerPage();
    await screen.findByLabelText(labels.password);
    fillAndSubmit(labels, { password: 'N3w!password', confirmPassword: 'N3w!password' }, 'Change password');
    await expectLandedAt('/login');
    expect(await screen.findByText(messages.password.resetDone, {}, { timeout: 5000 })).toBeTruthy();
    expect(api.sent(complete)[0]!.body).toEqual({ password: 'N3w!password', confirmPassword: 'N3w!password' });
  });

  it('keeps the typed passwords and shows the message when the link expired meanwhile', async () => {
    mockApi({ [check]: [200, { role: 'customer' }], [complete]: apiError(404, messages.password.resetInvalid) });
    customerPage();
    await screen.findByLabelText(labels.password);
    fillAndSubmit(labels, { password: 'N3w!password', confirmPassword: 'N3w!password' }, 'Change password');
    const form = screen.getByRole('form', { name: 'Choose a new password' });
    expect((await within(form).findByRole('alert')).textContent).toBe(messages.password.resetInvalid);
    expect(screen.getByLabelText(labels.password)).toHaveProperty('value', 'N3w!password');
  });

  it('sends a seller back to the seller sign-in', async () => {
    mockApi({ [check]: [200, { role: 'seller' }], [complete]: [200, { message: messages.password.resetDone }] });
    renderPage(<SellerResetPasswordPage />, {
      path: '/sellerpassword/reset/tok123',
      pattern: '/sellerpassword/reset/:token',
    });
    await screen.findByLabelText(labels.password);
    fillAndSubmit(labels, { password: 'N3w!password', confirmPassword: 'N3w!password' }, 'Change password');
    await expectLandedAt('/sellerLogin');
  });
});
