import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { escalationMessages, type Escalation } from '@pricehub/shared/schemas/operator-escalations';
import { messageUnderInput } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { EscalationsPage } from './moderation-escalations-page';

const card: Escalation = {
  complaintId: 9,
  status: 'open',
  reason: 'Glue does not fix a screen',
  resolution: '',
  refundAmount: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  resolvedAt: null,
  complaint: {
    subject: 'Screen arrived cracked',
    description: 'Cracked in the box',
    status: 'Resolved',
    actionTaken: 'Told the customer to glue it',
  },
  order: { id: 'SG1234', total: 1_050_00, paymentMethod: 'online', paymentStatus: 'paid', refundable: true },
  customer: { name: 'Sana', email: 'sana@example.test' },
  store: { name: 'TechZone', slug: 'techzone' },
};
const page = (items: Escalation[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

describe('the Escalations page', { timeout: 30_000 }, () => {
  it('shows both sides of the complaint, and refunds with a message and an amount', async () => {
    const api = mockApi({
      'GET /api/operator/escalations?status=open': [
        [200, page([card])],
        [200, page([])],
      ],
      'POST /api/operator/escalations/9/refund': [
        200,
        { message: escalationMessages.refunded, item: { ...card, status: 'refunded', refundAmount: 500_00 } },
      ],
    });
    renderPage(<EscalationsPage />, { path: '/operator/escalations' });
    const item = await screen.findByRole('listitem', { name: 'Screen arrived cracked' });
    expect(within(item).getByText('Glue does not fix a screen')).toBeTruthy();
    expect(within(item).getByText(/Told the customer to glue it/)).toBeTruthy();
    expect(within(item).getByText(/Order SG1234 · Rs 1,050/)).toBeTruthy();

    fireEvent.click(within(item).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order SG1234?' });
    const message = within(dialog).getByLabelText(/^Message to both sides/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(messageUnderInput(message)).toBe(escalationMessages.messageRequired);
    fireEvent.change(message, { target: { value: 'Sorry; here is half back.' } });
    fireEvent.change(within(dialog).getByLabelText('Amount (Rs)'), { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(/from Rs 1 to Rs 1,050/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount (Rs)'), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(api.sent('POST /api/operator/escalations/9/refund').map((c) => c.body)).toEqual([
        { message: 'Sorry; here is half back.', amount: 500_00 },
      ]),
    );
    expect(await screen.findByText(escalationMessages.refunded)).toBeTruthy();
  });

  it('closes one, and shows the provider’s refusal when a refund fails', async () => {
    const api = mockApi({
      'GET /api/operator/escalations?status=open': [200, page([card])],
      'POST /api/operator/escalations/9/refund': apiError(502, escalationMessages.refundFailed),
      'POST /api/operator/escalations/9/close': [
        200,
        { message: escalationMessages.closed, item: { ...card, status: 'closed' } },
      ],
    });
    renderPage(<EscalationsPage />, { path: '/operator/escalations' });
    const item = await screen.findByRole('listitem', { name: 'Screen arrived cracked' });
    fireEvent.click(within(item).getByRole('button', { name: 'Refund' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Message/), { target: { value: 'Refund in full' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(escalationMessages.refundFailed);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(item).getByRole('button', { name: 'Close' }));
    dialog = await screen.findByRole('dialog', { name: 'Close the escalation about order SG1234?' });
    fireEvent.change(within(dialog).getByLabelText(/^Message/), { target: { value: 'The seller replaces it.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close escalation' }));
    await waitFor(() =>
      expect(api.sent('POST /api/operator/escalations/9/close').map((c) => c.body)).toEqual([
        { message: 'The seller replaces it.' },
      ]),
    );
  });

  it('cannot refund a cash order', async () => {
    mockApi({
      'GET /api/operator/escalations?status=open': [
        200,
        page([
          {
            ...card,
            order: { ...card.order, paymentMethod: 'cashOnDel', paymentStatus: 'not_required', refundable: false },
          },
        ]),
      ],
    });
    renderPage(<EscalationsPage />, { path: '/operator/escalations' });
    const item = await screen.findByRole('listitem', { name: 'Screen arrived cracked' });
    expect((within(item).getByRole('button', { name: 'Refund' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(item).getByText(/cash on delivery/)).toBeTruthy();
  });
});
