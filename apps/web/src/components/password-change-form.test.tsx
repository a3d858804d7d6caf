import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { apiError, mockApi } from '../test/mock-api';
import { renderPage } from '../test/render-page';
import { messageUnderInput as messageUnder } from '../test/form-queries';
import { PasswordChangeForm } from './password-change-form';

describe('password change', { timeout: 30_000 }, () => {
  it('says live whether the new password is long enough', () => {
    mockApi({});
    renderPage(<PasswordChangeForm />, { path: '/seller/sellerProfile' });
    const input = screen.getByLabelText(/^New password/);
    fireEvent.change(input, { target: { value: 'Ab1!' } });
    expect(screen.getByTestId('password-length').textContent).toBe(messages.password.tooShort);
    fireEvent.change(input, { target: { value: 'Ab1!efgh' } });
    expect(screen.getByTestId('password-length').textContent).toBe(messages.password.lengthOk);
  });

  it('shows the server’s answer to a wrong current password under that field', async () => {
    const wrong = messages.password.currentWrong;
    const api = mockApi({ 'PUT /api/me/password': apiError(400, wrong, { currentPassword: wrong }) });
    renderPage(<PasswordChangeForm />, { path: '/seller/sellerProfile' });
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'not-it' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'N3w!passw0rd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText(wrong)).not.toHaveLength(0);
    expect(messageUnder(screen.getByLabelText(/^Current password/))).toBe(wrong);
    expect(api.sent('PUT /api/me/password')[0]!.body).toEqual({
      currentPassword: 'not-it',
      newPassword: 'N3w!passw0rd',
    });
  });
});
