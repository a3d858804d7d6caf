import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { fillAndSubmit, messageUnder } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { CustomerForgotPasswordPage, SellerForgotPasswordPage } from './forgot-password-page';

const labels = { email: /^Email/ };
const request = 'POST /api/auth/password-reset';

describe('forgotten password request', () => {
  it("shows the server's answer in a box and asks for the customer's account", async () => {
    const api = mockApi({ [request]: [202, { message: messages.password.resetRequested }] });
    renderPage(<CustomerForgotPasswordPage />, { path: '/forget-password' });
    fillAndSubmit(labels, { email: 'Sara@example.test' }, 'Send reset link');
    expect((await screen.findByRole('status')).textContent).toBe(messages.password.resetRequested);
    expect(api.sent(request)[0]!.body).toEqual({ email: 'sara@example.test', role: 'customer' });
  });

  it('asks for the seller account on /Cforget-password', async () => {
    const api = mockApi({ [request]: [202, { message: messages.password.resetRequested }] });
    renderPage(<SellerForgotPasswordPage />, { path: '/Cforget-password' });
    fillAndSubmit(labels, { email: 'omar@example.test' }, 'Send reset link');
    await screen.findByRole('status');
    expect(api.sent(request)[0]!.body).toEqual({ email: 'omar@example.test', role: 'seller' });
  });

  it('needs an email, and shows a refusal in an error box keeping the email', async () => {
    const api = mockApi({ [request]: apiError(429, 'Too many requests, try again in a minute') });
    renderPage(<CustomerForgotPasswordPage />, { path: '/forget-password' });
    fillAndSubmit(labels, { email: '' }, 'Send reset link');
    expect(messageUnder(labels.email)).toBe(messages.login.emailRequired);
    expect(api.fetchMock).not.toHaveBeenCalled();

    fillAndSubmit(labels, { email: 'sara@example.test' }, 'Send reset link');
    const form = screen.getByRole('form', { name: 'Request a password reset' });
    expect((await within(form).findByRole('alert')).textContent).toBe('Too many requests, try again in a minute');
    expect(screen.getByLabelText(labels.email)).toHaveProperty('value', 'sara@example.test');
  });
});
