import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { fillAndSubmit, messageUnder } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { expectLandedAt, renderPage } from '../../../test/render-page';
import { SellerRegisterPage } from './seller-register-page';

const m = messages.registration;
const valid = {
  sellerName: 'Omar Farooq',
  storeName: 'Mobile Mart',
  email: 'omar@example.test',
  password: 'Str0ng!pass',
  phone: '03001234567',
  license: 'LIC-778',
};
const labels = {
  sellerName: /^Your name/,
  storeName: /^Store name/,
  email: /^Email/,
  password: /^Password/,
  phone: /^Phone/,
  license: /^License ID/,
};
const fill = (values: Partial<typeof valid>) => fillAndSubmit(labels, values, 'Register store');

describe('seller registration form', () => {
  it('names each missing field with its own spec message', async () => {
    const api = mockApi({});
    renderPage(<SellerRegisterPage />, { path: '/sellerAdd' });
    fill({});
    expect(messageUnder(labels.storeName)).toBe(m.storeNameRequired);
    expect(messageUnder(labels.license)).toBe(m.licenseRequired);
    for (const key of ['sellerName', 'email', 'password', 'phone'] as const) {
      expect(messageUnder(labels[key])).toBe(m.allFieldsSeller);
    }
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['storeName', { storeName: '   ' }, m.storeNameRequired],
    ['license', { license: '' }, m.licenseRequired],
    ['sellerName', { sellerName: 'Om' }, m.nameTooShort],
    ['phone', { phone: '123' }, m.phoneTooShort],
    ['password', { password: 'alllowercase1!' }, m.weakPassword],
  ] as const)('shows the %s rule before posting', async (field, over, message) => {
    const api = mockApi({});
    renderPage(<SellerRegisterPage />, { path: '/sellerAdd' });
    fill({ ...valid, ...over });
    expect(messageUnder(labels[field])).toBe(message);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('keeps every typed value when the seller is already registered', async () => {
    mockApi({ 'POST /api/auth/sellers': apiError(409, m.sellerTaken, { email: m.sellerTaken }) });
    renderPage(<SellerRegisterPage />, { path: '/sellerAdd' });
    fill(valid);
    const form = screen.getByRole('form', { name: 'Seller registration' });
    expect((await within(form).findByRole('alert')).textContent).toBe(m.sellerTaken);
    expect(messageUnder(labels.email)).toBe(m.sellerTaken);
    for (const [key, value] of Object.entries(valid)) {
      expect(screen.getByLabelText(labels[key as keyof typeof labels])).toHaveProperty('value', value);
    }
  });

  it("says 'Seller Successfully Registered' and goes to /sellerLogin", async () => {
    const api = mockApi({ 'POST /api/auth/sellers': [201, { message: m.sellerCreated }] });
    renderPage(<SellerRegisterPage />, { path: '/sellerAdd' });
    fill(valid);
    await expectLandedAt('/sellerLogin');
    expect(await screen.findByText(m.sellerCreated, {}, { timeout: 5000 })).toBeTruthy();
    expect(api.sent('POST /api/auth/sellers')[0]!.body).toEqual(valid);
  });
});
