import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { operatorMessages, type OperatorStore, type OperatorStoresPage } from '@pricehub/shared/schemas/operator';
import { messageUnderInput } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { StoresPage } from './stores-page';

const techZone: OperatorStore = {
  slug: 'techzone',
  name: 'TechZone',
  seller: { name: 'Bilal Ahmed', email: 'seller@pricehub.test' },
  status: 'open',
  createdAt: '2025-01-05T10:00:00.000Z',
  listings: 42,
  orders30d: 17,
  gmv30d: 1_234_567_00,
  rating: { average: 4.3, count: 51 },
  suspension: null,
};
const suspended: OperatorStore = {
  ...techZone,
  status: 'suspended',
  suspension: { reason: 'Counterfeit chargers', suspendedAt: '2026-11-20T09:30:00.000Z' },
};
const page = (items: OperatorStore[]): OperatorStoresPage => ({ items, total: items.length, page: 1, pageSize: 20 });

describe('the Sellers page', { timeout: 30_000 }, () => {
  it('shows each store with its key figures', async () => {
    mockApi({ 'GET /api/operator/stores': [200, page([techZone])] });
    renderPage(<StoresPage />, { path: '/operator/stores' });
    const card = await screen.findByRole('listitem', { name: 'TechZone' });
    expect(within(card).getByText('Open')).toBeTruthy();
    expect(within(card).getByText('seller@pricehub.test', { exact: false })).toBeTruthy();
    expect(within(card).getByText('42')).toBeTruthy();
    expect(within(card).getByText('Rs 1,234,567')).toBeTruthy();
    expect(within(card).getByText('4.3 / 5 (51)')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'TechZone' }).getAttribute('href')).toBe('/viewstore/techzone');
    expect(screen.getByText('1–1 of 1 stores')).toBeTruthy();
  });

  it('suspends a store only with a reason, which it posts', async () => {
    const api = mockApi({
      'GET /api/operator/stores': [
        [200, page([techZone])],
        [200, page([suspended])],
      ],
      'POST /api/operator/stores/techzone/suspend': [
        200,
        { message: operatorMessages.suspended('TechZone'), store: suspended },
      ],
    });
    renderPage(<StoresPage />, { path: '/operator/stores' });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend TechZone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend TechZone?' });
    const reason = within(dialog).getByLabelText(/^Reason/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend store' }));
    expect(messageUnderInput(reason)).toBe(operatorMessages.reasonRequired);
    expect(api.sent('POST /api/operator/stores/techzone/suspend')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'Counterfeit chargers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend store' }));
    await waitFor(() => expect(api.sent('POST /api/operator/stores/techzone/suspend')).toHaveLength(1));
    expect(api.sent('POST /api/operator/stores/techzone/suspend')[0]!.body).toEqual({ reason: 'Counterfeit chargers' });
    expect(await screen.findByText(operatorMessages.suspended('TechZone'))).toBeTruthy();
    // The list is read again: the store now shows as suspended, with its reason and a way back.
    expect(await screen.findByRole('button', { name: 'Reopen TechZone' })).toBeTruthy();
    expect(screen.getByText(/Counterfeit chargers/)).toBeTruthy();
  });

  it('keeps the dialog and the typed reason when the server refuses', async () => {
    mockApi({
      'GET /api/operator/stores': [200, page([techZone])],
      'POST /api/operator/stores/techzone/suspend': apiError(409, operatorMessages.alreadySuspended),
    });
    renderPage(<StoresPage />, { path: '/operator/stores' });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend TechZone' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Fake reviews everywhere' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend store' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', operatorMessages.alreadySuspended);
    expect((within(dialog).getByLabelText(/^Reason/) as HTMLTextAreaElement).value).toBe('Fake reviews everywhere');
  });

  it('reopens a suspended store without a message', async () => {
    const api = mockApi({
      'GET /api/operator/stores': [200, page([suspended])],
      'POST /api/operator/stores/techzone/reopen': [
        200,
        { message: operatorMessages.reopened('TechZone'), store: techZone },
      ],
    });
    renderPage(<StoresPage />, { path: '/operator/stores' });
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen TechZone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen TechZone?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen store' }));
    await waitFor(() => expect(api.sent('POST /api/operator/stores/techzone/reopen')).toHaveLength(1));
    expect(api.sent('POST /api/operator/stores/techzone/reopen')[0]!.body).toEqual({});
  });

  it('searches by the words typed, kept in the address', async () => {
    const api = mockApi({
      'GET /api/operator/stores': [200, page([techZone])],
      'GET /api/operator/stores?q=tech': [200, page([])],
    });
    renderPage(<StoresPage />, { path: '/operator/stores' });
    await screen.findByRole('listitem', { name: 'TechZone' });
    fireEvent.change(screen.getByLabelText('Store or seller'), { target: { value: ' tech ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No store matches this search.')).toBeTruthy();
    expect(api.sent('GET /api/operator/stores?q=tech')).toHaveLength(1);
  });
});
