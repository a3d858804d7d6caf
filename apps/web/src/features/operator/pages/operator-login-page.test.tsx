import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import { fillAndSubmit, messageUnder } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { expectLandedAt, renderPage } from '../../../test/render-page';
import { OperatorLoginPage } from './operator-login-page';

const labels = { email: /^Email/, password: /^Password/ };
const operator: SessionUser = { id: 1, role: 'operator', email: 'ops@example.test', name: 'Ops', store: null };
const signIn = (email = 'Ops@Example.test', password = 'Str0ng!pass') =>
  fillAndSubmit(labels, { email, password }, 'Sign in');

describe('operator sign-in', { timeout: 30_000 }, () => {
  it('asks for both fields before posting', () => {
    const api = mockApi({ 'GET /api/auth/session': [200, { user: null }] });
    renderPage(<OperatorLoginPage />, { path: '/operator/login' });
    signIn('', '');
    expect(messageUnder(labels.email)).toBe(messages.login.emailRequired);
    expect(messageUnder(labels.password)).toBe(messages.login.passwordRequired);
    expect(api.sent('POST /api/auth/login')).toHaveLength(0);
  });

  it('signs in with role operator and opens the page the operator was sent from', async () => {
    const api = mockApi({
      'GET /api/auth/session': [200, { user: null }],
      'POST /api/auth/login': [200, { user: operator, message: messages.login.success }],
    });
    renderPage(<OperatorLoginPage />, { path: '/operator/login', state: { from: '/operator/audit?page=2' } });
    signIn();
    await expectLandedAt('/operator/audit?page=2');
    expect(api.sent('POST /api/auth/login')[0]!.body).toEqual({
      email: 'ops@example.test',
      password: 'Str0ng!pass',
      role: 'operator',
    });
  });

  it('never follows a return path outside the console', async () => {
    mockApi({
      'GET /api/auth/session': [200, { user: null }],
      'POST /api/auth/login': [200, { user: operator, message: messages.login.success }],
    });
    renderPage(<OperatorLoginPage />, { path: '/operator/login', state: { from: '//evil.example/phish' } });
    signIn();
    await expectLandedAt('/operator/dashboard');
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    mockApi({
      'GET /api/auth/session': [200, { user: null }],
      'POST /api/auth/login': apiError(401, messages.login.invalid),
    });
    renderPage(<OperatorLoginPage />, { path: '/operator/login' });
    signIn('ops@example.test', 'wrong');
    const form = screen.getByRole('form', { name: 'Operator sign-in' });
    expect((await within(form).findByRole('alert')).textContent).toBe(messages.login.invalid);
    expect((screen.getByLabelText(labels.email) as HTMLInputElement).value).toBe('ops@example.test');
  });
});
