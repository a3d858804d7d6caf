import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { queryKeys } from '../../../api/query-keys';
import { fillAndSubmit, messageUnder } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { expectLandedAt, renderPage } from '../../../test/render-page';
import { customerUser as customer, sellerUser as seller } from '../../../test/users';
import { CustomerLoginPage, SellerLoginPage } from './login-page';

const labels = { email: /^Email/, password: /^Password/ };
const signIn = (email = 'Sara@Example.test', password = 'Str0ng!pass') =>
  fillAndSubmit(labels, { email, password }, 'Sign in');

describe('customer sign-in', () => {
  it('links to the reset and registration pages', () => {
    mockApi({});
    renderPage(<CustomerLoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forget-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/customer/add');
  });

  it('asks for both fields before posting', () => {
    const api = mockApi({});
    renderPage(<CustomerLoginPage />, { path: '/login' });
    signIn('', '');
    expect(messageUnder(labels.email)).toBe(messages.login.emailRequired);
    expect(messageUnder(labels.password)).toBe(messages.login.passwordRequired);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('signs in, fills the session cache at once and returns to the page that asked for it', async () => {
    const api = mockApi({ 'POST /api/auth/login': [200, { user: customer, message: messages.login.success }] });
    const { queryClient } = renderPage(<CustomerLoginPage />, { path: '/login', state: { from: '/wishlist' } });
    signIn();
    await expectLandedAt('/wishlist');
    expect(queryClient.getQueryData(queryKeys.session)).toEqual({ user: customer });
    expect(await screen.findByText(messages.login.success, {}, { timeout: 5000 })).toBeTruthy();
    expect(api.sent('POST /api/auth/login')[0]!.body).toEqual({
      email: 'sara@example.test',
      password: 'Str0ng!pass',
      role: 'customer',
    });
  });

  it('goes home when nothing asked for the sign-in, and never to another site', async () => {
    mockApi({ 'POST /api/auth/login': [200, { user: customer, message: messages.login.success }] });
    renderPage(<CustomerLoginPage />, { path: '/login', state: { from: '//evil.example' } });
    signIn();
    await expectLandedAt('/');
  });

  it.each([
    [401, messages.login.invalid],
    [429, messages.login.tooManyAttempts],
  ])('shows the %i answer and keeps what was typed', async (status, message) => {
    mockApi({ 'POST /api/auth/login': apiError(status, message) });
    const { queryClient } = renderPage(<CustomerLoginPage />, { path: '/login' });
    signIn('sara@example.test', 'Wrong!pass1');
    const form = screen.getByRole('form', { name: 'Sign-in' });
    expect((await within(form).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText(labels.email)).toHaveProperty('value', 'sara@example.test');
    expect(screen.getByLabelText(labels.password)).toHaveProperty('value', 'Wrong!pass1');
    expect(queryClient.getQueryData(queryKeys.session)).toBeUndefined();
  });
});

describe('seller sign-in', () => {
  it('signs in as a seller and lands on /seller', async () => {
    const api = mockApi({ 'POST /api/auth/login': [200, { user: seller, message: messages.login.success }] });
    const { queryClient } = renderPage(<SellerLoginPage />, { path: '/sellerLogin' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/Cforget-password');
    expect(screen.getByRole('link', { name: 'Register as a seller' }).getAttribute('href')).toBe('/sellerAdd');
    signIn('omar@example.test');
    await expectLandedAt('/seller');
    expect(queryClient.getQueryData(queryKeys.session)).toEqual({ user: seller });
    expect(api.sent('POST /api/auth/login')[0]!.body).toMatchObject({ role: 'seller' });
  });

  it('returns to the seller page that asked for the sign-in', async () => {
    mockApi({ 'POST /api/auth/login': [200, { user: seller, message: messages.login.success }] });
    renderPage(<SellerLoginPage />, { path: '/sellerLogin', state: { from: '/seller/orders' } });
    signIn('omar@example.test');
    await expectLandedAt('/seller/orders');
  });
});
