import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { escalationMessages } from '@pricehub/shared/schemas/operator-escalations';
import { ayeshaSession, complaint } from '../../../test/complaints';
import { messageUnderInput } from '../../../test/form-queries';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { CustomerComplaintsPage } from '../pages/customer-complaints-page';

const customer = ayeshaSession;
const resolved = complaint();
const escalation = {
  status: 'open' as const,
  reason: 'Glue does not fix a screen',
  resolution: '',
  refundAmount: null,
  createdAt: '2026-11-22T10:00:00Z',
  resolvedAt: null,
};

describe('escalating a complaint', { timeout: 30_000 }, () => {
  it('offers "Escalate to PriceHub" on a Resolved complaint and sends the reason', async () => {
    const api = mockApi({
      'GET /api/auth/session': customer,
      'GET /api/complaints': [
        [200, { complaints: [resolved, { ...resolved, id: 5, subject: 'Late', status: 'Open' }] }],
        [200, { complaints: [{ ...resolved, escalation }] }],
      ],
      'POST /api/complaints/4/escalate': [201, { message: escalationMessages.escalated, escalation }],
    });
    renderPage(<CustomerComplaintsPage />, { path: '/viewcomplain' });
    await screen.findByText('Late');
    // Only the Resolved one can be escalated.
    expect(screen.getAllByRole('button', { name: 'Escalate to PriceHub' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Escalate to PriceHub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escalate “Screen arrived cracked”' });
    const reason = within(dialog).getByLabelText(/Why is it not resolved/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    expect(messageUnderInput(reason)).toBe(escalationMessages.reasonRequired);
    fireEvent.change(reason, { target: { value: 'Glue does not fix a screen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    await waitFor(() =>
      expect(api.sent('POST /api/complaints/4/escalate').map((c) => c.body)).toEqual([
        { reason: 'Glue does not fix a screen' },
      ]),
    );
    expect(await screen.findByText('With the PriceHub team')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Escalate to PriceHub' })).toBeNull();
  });

  it('shows the PriceHub team’s answer and the refund', async () => {
    mockApi({
      'GET /api/auth/session': customer,
      'GET /api/complaints': [
        200,
        {
          complaints: [
            {
              ...resolved,
              escalation: {
                ...escalation,
                status: 'refunded',
                refundAmount: 1_050_00,
                resolution: 'Sorry about that.',
              },
            },
          ],
        },
      ],
    });
    renderPage(<CustomerComplaintsPage />, { path: '/viewcomplain' });
    expect(await screen.findByText('Refunded by PriceHub')).toBeTruthy();
    expect(screen.getByText('Rs 1,050 refunded to your card. Sorry about that.')).toBeTruthy();
  });
});
