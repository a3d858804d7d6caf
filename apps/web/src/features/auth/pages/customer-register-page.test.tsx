import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { fillAndSubmit, messageUnder } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { expectLandedAt, renderPage } from '../../../test/render-page';
import { CustomerRegisterPage } from './customer-register-page';

const m = messages.registration;
const valid = {
  name: 'Sara Malik',
  email: 'sara@example.test',
  password: 'Str0ng!pass',
  phone: '03001234567',
  address: '5 Canal View, Lahore',
};
const labels = { name: /^Name/, email: /^Email/, password: /^Password/, phone: /^Phone/, address: /^Address/ } as const;

const fill = (values: Partial<typeof valid>) => fillAndSubmit(labels, values, 'Create account');

describe('customer registration form', () => {
  it('shows the spec message under every empty field and posts nothing', async () => {
    const api = mockApi({});
    renderPage(<CustomerRegisterPage />, { path: '/customer/add' });
    fill({});
    for (const label of Object.values(labels)) expect(messageUnder(label)).toBe(m.allFieldsCustomer);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['name', { name: 'Al' }, m.nameTooShort],
    ['phone', { phone: '0300123' }, m.phoneTooShort],
    ['password', { password: 'password' }, m.weakPassword],
    ['password', { password: 'Short1!' }, m.weakPassword],
    ['password', { password: 'NoSymbol12' }, m.weakPassword],
  ] as const)('shows the %s rule before posting', async (field, over, message) => {
    const api = mockApi({});
    renderPage(<CustomerRegisterPage />, { path: '/customer/add' });
    fill({ ...valid, ...over });
    expect(messageUnder(labels[field])).toBe(message);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the server refuses, and shows its message under the field', async () => {
    const api = mockApi({ 'POST /api/auth/customers': apiError(409, m.emailTaken, { email: m.emailTaken }) });
    renderPage(<CustomerRegisterPage />, { path: '/customer/add' });
    fill(valid);

    const form = screen.getByRole('form', { name: 'Create account' });
    expect((await within(form).findByRole('alert')).textContent).toBe(m.emailTaken);
    // …and as a toast, outside the form.
    expect(screen.getAllByText(m.emailTaken).length).toBeGreaterThanOrEqual(3);
    expect(messageUnder(labels.email)).toBe(m.emailTaken);
    for (const [key, value] of Object.entries(valid)) {
      expect(screen.getByLabelText(labels[key as keyof typeof labels])).toHaveProperty('value', value);
    }
    expect(api.sent('POST /api/auth/customers')[0]!.body).toEqual(valid);
  });

  it('clears a field message as soon as the field is edited', async () => {
    mockApi({});
    renderPage(<CustomerRegisterPage />, { path: '/customer/add' });
    fill({ ...valid, phone: '123' });
    expect(messageUnder(labels.phone)).toBe(m.phoneTooShort);
    fireEvent.change(screen.getByLabelText(labels.phone), { target: { value: '1234' } });
    expect(messageUnder(labels.phone)).toBeNull();
  });

  it("says 'User created' and goes to /login on success", async () => {
    const api = mockApi({ 'POST /api/auth/customers': [201, { message: m.customerCreated }] });
    renderPage(<CustomerRegisterPage />, { path: '/customer/add' });
    fill({ ...valid, email: '  Sara@Example.TEST ' });
    await expectLandedAt('/login');
    expect(await screen.findByText(m.customerCreated, {}, { timeout: 5000 })).toBeTruthy();
    // The schema's own normalisation is what is posted.
    expect(api.sent('POST /api/auth/customers')[0]!.body).toMatchObject({ email: 'sara@example.test' });
  });
});
