import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { returnMessages, type ReturnView } from '@pricehub/shared/schemas/return';
import { mockApi, sellerSession } from '../../../test/mock-api';
import { returnView } from '../../../test/orders';
import { renderPage } from '../../../test/render-page';
import { SellerReturnsPage } from './seller-returns-page';

const requested: ReturnView = returnView({
  id: 9,
  orderId: 'SG10002',
  reason: 'Does not switch on',
  order: {
    ...returnView().order,
    total: 30_050_00,
    store: { slug: 's', name: 'S' },
    customer: { name: 'Bilal Ahmed' },
    lines: [{ name: 'Nebulaphone', quantity: 1 }],
  },
});
const refused: ReturnView = {
  ...requested,
  id: 8,
  orderId: 'SG10001',
  status: 'Refused',
  decisionReason: 'Seal broken',
  decidedAt: '2026-11-22T07:00:00.000Z',
};

describe('the seller’s returns', { timeout: 30_000 }, () => {
  it('lists the returns to decide and refuses one only with a reason', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': sellerSession,
      'GET /api/seller/returns': [200, { returns: [requested, refused] }],
      'PUT /api/seller/returns/9': [
        200,
        { message: returnMessages.refused, return: { ...requested, status: 'Refused', decisionReason: 'Used' } },
      ],
    });
    renderPage(<SellerReturnsPage />, { path: '/seller/returns' });
    const card = await screen.findByRole('article', { name: 'Return of order SG10002' });
    expect(card.textContent).toContain('Bilal Ahmed');
    expect(card.textContent).toContain('Nebulaphone ×1 · Rs 30,050');
    expect(card.textContent).toContain('Reason: Does not switch on');
    // Only open requests until the seller asks for all.
    expect(screen.queryByRole('article', { name: 'Return of order SG10001' })).toBeNull();

    const form = within(card).getByRole('form', { name: 'Decide return of order SG10002' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send decision' }));
    expect(await within(form).findByText(returnMessages.decisionInvalid)).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: 'Refuse' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Refuse return' }));
    expect(await within(form).findByText(returnMessages.refuseReasonRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Reason for refusing'), { target: { value: 'Used' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refuse return' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ decision: 'refuse', reason: 'Used' }),
    );
    expect(await screen.findByText(returnMessages.refused)).toBeTruthy();

    fireEvent.click(screen.getByText('All (2)'));
    const done = await screen.findByRole('article', { name: 'Return of order SG10001' });
    expect(done.textContent).toContain('Your words: Seal broken');
  });

  it('accepts a return, saying what accepting does', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': sellerSession,
      'GET /api/seller/returns': [200, { returns: [requested] }],
      'PUT /api/seller/returns/9': [
        200,
        { message: returnMessages.accepted, return: { ...requested, status: 'Accepted' } },
      ],
    });
    renderPage(<SellerReturnsPage />, { path: '/seller/returns' });
    const accept = await screen.findByRole('radio', {
      name: 'Accept: put the items back in stock and hand back Rs 30,050 in cash',
    });
    fireEvent.click(accept);
    fireEvent.click(screen.getByRole('button', { name: 'Accept return' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ decision: 'accept' }));
  });

  it('says when there is nothing to decide', async () => {
    mockApi({ 'GET /api/auth/session': sellerSession, 'GET /api/seller/returns': [200, { returns: [] }] });
    renderPage(<SellerReturnsPage />, { path: '/seller/returns' });
    expect(await screen.findByText('No returns to decide')).toBeTruthy();
  });
});
