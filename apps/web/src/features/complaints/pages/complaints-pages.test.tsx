import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { complaintMessages } from '@pricehub/shared/schemas/complaint';
import { ayeshaSession, complaint } from '../../../test/complaints';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { messageUnderInput as messageUnder } from '../../../test/form-queries';
import { CustomerComplaintsPage } from './customer-complaints-page';
import { RegisterComplaintPage } from './register-complaint-page';

const customer = ayeshaSession;

describe('customer complaint pages', { timeout: 30_000 }, () => {
  it('shows the spec’s empty state', async () => {
    mockApi({ 'GET /api/auth/session': customer, 'GET /api/complaints': [200, { complaints: [] }] });
    renderPage(<CustomerComplaintsPage />, { path: '/viewcomplain' });
    expect(await screen.findByText(messages.complaint.none)).toBeTruthy();
  });

  it('shows the status and the seller’s action', async () => {
    mockApi({
      'GET /api/auth/session': customer,
      'GET /api/complaints': [
        200,
        {
          complaints: [
            complaint({
              subject: 'Late delivery',
              description: 'Still waiting',
              actionTaken: 'Refunded the shipping fee',
            }),
          ],
        },
      ],
    });
    renderPage(<CustomerComplaintsPage />, { path: '/viewcomplain' });
    expect(await screen.findByText('Late delivery')).toBeTruthy();
    expect(screen.getByText('Resolved')).toBeTruthy();
    expect(screen.getByText('Refunded the shipping fee')).toBeTruthy();
  });

  it('sends visitors to sign in', async () => {
    mockApi({ 'GET /api/auth/session': [200, { user: null }] });
    renderPage(<CustomerComplaintsPage />, { path: '/viewcomplain' });
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/login'));
  });

  it('files a complaint on one of the customer’s orders', async () => {
    const api = mockApi({
      'GET /api/auth/session': customer,
      'GET /api/orders': [200, { orders: [{ orderId: 'SG10001', total: 50_000_00, status: 'Booked' }] }],
      'POST /api/complaints': [201, { message: complaintMessages.registered, complaint: { id: 1 } }],
    });
    renderPage(<RegisterComplaintPage />, { path: '/registercomplain' });
    const submit = await screen.findByRole('button', { name: 'Submit complaint' });
    fireEvent.click(submit);
    const order = screen.getByLabelText(/^Order/, { selector: 'input' });
    expect(messageUnder(order)).toBe(complaintMessages.orderRequired);
    expect(messageUnder(screen.getByLabelText(/^Subject/))).toBe(complaintMessages.subjectRequired);
    expect(api.sent('POST /api/complaints')).toHaveLength(0);

    fireEvent.click(order);
    fireEvent.click(await screen.findByRole('option', { name: /SG10001/ }));
    fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'Late delivery' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Still waiting' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/viewcomplain'));
    expect(api.sent('POST /api/complaints')[0]!.body).toEqual({
      orderId: 'SG10001',
      subject: 'Late delivery',
      description: 'Still waiting',
    });
  });
});
