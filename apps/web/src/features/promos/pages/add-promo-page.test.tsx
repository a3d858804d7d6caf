import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { addDays, formatMdy, localIsoDay } from '@pricehub/shared/rules/dates';
import { promoMessages } from '@pricehub/shared/schemas/promo';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { messageUnderInput as messageUnder } from '../../../test/form-queries';
import { AddPromoPage } from './add-promo-page';

const m = messages.sale;
const today = localIsoDay(new Date());
const noPromos: [number, unknown] = [200, { promos: [] }];

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create promo code' }));
const type = (label: RegExp, value: string) => {
  const input = field(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

function fillValid(code = '') {
  type(/^Promo title/, 'Eid Special');
  type(/^Code/, code);
  type(/^Discount \(%\)/, '15');
  type(/^Start date/, formatMdy(today));
  type(/^End date/, formatMdy(addDays(today, 5)));
}

describe('promo form', { timeout: 30_000 }, () => {
  it('shows each rule’s message and posts nothing', async () => {
    const api = mockApi({ 'GET /api/seller/promos': noPromos });
    renderPage(<AddPromoPage />, { path: '/seller/addPromo' });
    type(/^Code/, 'AB');
    type(/^Discount \(%\)/, '');
    submit();
    expect(messageUnder(field(/^Promo title/))).toBe(promoMessages.titleRequired);
    expect(messageUnder(field(/^Code/))).toBe(promoMessages.codeFormat);
    expect(messageUnder(field(/^Discount \(%\)/))).toBe(m.discountRange);
    expect(messageUnder(field(/^Start date/))).toBe(m.startInPast);
    expect(messageUnder(field(/^End date/))).toBe(m.endBeforeStart);
    expect(await screen.findAllByText(m.fixErrors)).not.toHaveLength(0);
    expect(api.sent('POST /api/seller/promos')).toHaveLength(0);
  });

  it('refuses a start in the past and an end before the start', async () => {
    const api = mockApi({ 'GET /api/seller/promos': noPromos });
    renderPage(<AddPromoPage />, { path: '/seller/addPromo' });
    fillValid();
    type(/^Start date/, formatMdy(addDays(today, -2)));
    type(/^End date/, formatMdy(addDays(today, -3)));
    submit();
    expect(messageUnder(field(/^Start date/))).toBe(m.startInPast);
    expect(messageUnder(field(/^End date/))).toBe(m.endBeforeStart);
    expect(api.sent('POST /api/seller/promos')).toHaveLength(0);
  });

  it('posts a blank code as none (the server generates one) and goes to promoAlert', async () => {
    const api = mockApi({
      'GET /api/seller/promos': noPromos,
      'POST /api/seller/promos': [201, { message: promoMessages.created, promo: { code: 'A1B2C3D4' } }],
    });
    renderPage(<AddPromoPage />, { path: '/seller/addPromo' });
    fillValid();
    submit();
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/seller/promoAlert?code=A1B2C3D4'));
    expect(api.sent('POST /api/seller/promos')[0]!.body).toEqual({
      title: 'Eid Special',
      discount: 15,
      startDate: today,
      endDate: addDays(today, 5),
    });
  });

  it('shows the server’s message under the code when it is taken, keeping the values', async () => {
    const api = mockApi({
      'GET /api/seller/promos': noPromos,
      'POST /api/seller/promos': apiError(409, promoMessages.codeTaken, { code: promoMessages.codeTaken }),
    });
    renderPage(<AddPromoPage />, { path: '/seller/addPromo' });
    fillValid('eid2026');
    submit();
    await waitFor(() => expect(messageUnder(field(/^Code/))).toBe(promoMessages.codeTaken));
    expect(api.sent('POST /api/seller/promos')[0]!.body).toMatchObject({ code: 'EID2026' });
    expect(field(/^Promo title/).value).toBe('Eid Special');
  });

  it('lists existing promos', async () => {
    mockApi({
      'GET /api/seller/promos': [
        200,
        {
          promos: [
            {
              code: 'SUMMER10',
              title: 'Summer',
              discount: 10,
              startDate: today,
              endDate: addDays(today, 3),
              status: 'running',
            },
          ],
        },
      ],
    });
    renderPage(<AddPromoPage />, { path: '/seller/addPromo' });
    expect(await screen.findByText('SUMMER10')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete promo SUMMER10' })).toBeTruthy();
  });
});
