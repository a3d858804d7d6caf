import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '@pricehub/shared/schemas/order';
import { returnMessages, type OrderReturns } from '@pricehub/shared/schemas/return';
import { customerSession, mockApi } from '../../../test/mock-api';
import { orderLine, orderView, returnView } from '../../../test/orders';
import { renderPage } from '../../../test/render-page';
import { OrderPage } from './order-page';

/** Two Quasarphones bought with the promo code SAVE10. */
const order = (over: Partial<OrderView> = {}): OrderView =>
  orderView({
    subtotal: 90_000_00,
    discount: 9_000_00,
    total: 81_050_00,
    promoCode: 'SAVE10',
    lines: [orderLine({ catalogProductId: 3, image: '/q.png', quantity: 2, lineTotal: 90_000_00 })],
    ...over,
  });

const eligible: OrderReturns = { returns: [], canRequest: true, message: null, deadline: '2026-11-29T07:00:00.000Z' };

describe('the order page', { timeout: 30_000 }, () => {
  it('shows the lines, progress, payment, address and invoice, and cancels a Booked order after asking', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/orders/SG10001': [
        [200, order()],
        [200, order({ status: 'Cancelled' })],
      ],
      'POST /api/orders/SG10001/cancel': [200, { message: 'Order cancelled', order: order({ status: 'Cancelled' }) }],
    });
    renderPage(<OrderPage />, { path: '/orders/SG10001', pattern: '/orders/:orderId' });
    expect(await screen.findByRole('heading', { name: 'Order SG10001' })).toBeTruthy();
    const items = screen.getByRole('list', { name: 'Items' });
    expect(within(items).getByRole('link', { name: 'Quasarphone' }).getAttribute('href')).toBe('/result/productHub/3');
    expect(within(items).getByText('Qty 2 × Rs 45,000')).toBeTruthy();
    expect(within(items).getByRole('link', { name: 'Alpha Store' }).getAttribute('href')).toBe('/viewstore/alpha');
    expect(screen.getByText('Promo SAVE10: −Rs 9,000')).toBeTruthy();
    expect(screen.getByText('Total: Rs 81,050')).toBeTruthy();
    expect(screen.getByLabelText('Order status: Booked')).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment.textContent).toContain('Cash on delivery');
    expect(payment.textContent).toContain('To pay on delivery');
    expect(screen.getByRole('region', { name: 'Delivery address' }).textContent).toContain('1 Test Road, Lahore');
    const invoice = screen.getByRole('link', { name: 'Download invoice (PDF)' });
    expect(invoice.getAttribute('href')).toBe('/api/orders/SG10001/invoice');
    expect(screen.queryByRole('button', { name: 'Return this order' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order SG10001?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/cancel'))).toBe(true));
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull());
  });

  it('says so when the order is not the customer’s (404)', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/orders/SG10009': [404, { error: { code: 'NOT_FOUND', message: 'Order not found' } }],
    });
    renderPage(<OrderPage />, { path: '/orders/SG10009', pattern: '/orders/:orderId' });
    expect(await screen.findByText('Order not found')).toBeTruthy();
    expect(screen.getByText('There is no order SG10009 in your account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your orders' }).getAttribute('href')).toBe('/custPanel');
  });

  it('tells the customer who rejected the order and why', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/orders/SG10001': [
        200,
        order({ status: 'Cancelled', rejectionReason: 'The last unit was damaged in our store' }),
      ],
    });
    renderPage(<OrderPage />, { path: '/orders/SG10001', pattern: '/orders/:orderId' });
    expect(await screen.findByText('Rejected by Alpha Store')).toBeTruthy();
    expect(screen.getByText('The last unit was damaged in our store')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /cancel order/i })).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/orders/SG10001': [500, { error: { code: 'INTERNAL', message: 'Something broke' } }],
    });
    renderPage(<OrderPage />, { path: '/orders/SG10001', pattern: '/orders/:orderId' });
    expect(await screen.findByText('Something broke')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('asks for a return of a Completed order, with a reason', async () => {
    const completed = order({ status: 'Completed' });
    const { calls } = mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/orders/SG10001': [200, completed],
      'GET /api/orders/SG10001/returns': [
        [200, eligible],
        [200, { returns: [returnView()], canRequest: false, message: null, deadline: eligible.deadline }],
      ],
      'POST /api/orders/SG10001/returns': [
        201,
        { message: returnMessages.requested, return: { id: 5, status: 'Requested' } },
      ],
    });
    renderPage(<OrderPage />, { path: '/orders/SG10001', pattern: '/orders/:orderId' });
    const start = await screen.findByRole('button', { name: 'Return this order' });
    expect(screen.getByText('You can ask until 11/29/2026.')).toBeTruthy();
    fireEvent.click(start);
    const form = screen.getByRole('form', { name: 'Request a return' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send return request' }));
    expect(await within(form).findByText(returnMessages.reasonRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/Why are you returning this order/), {
      target: { value: 'Cracked screen' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send return request' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Cracked screen' }));
    const entry = await screen.findByRole('article', { name: 'Return Requested' });
    expect(entry.textContent).toContain('Your reason: Cracked screen');
    expect(entry.textContent).toContain('Waiting for Alpha Store to answer');
    expect(screen.queryByRole('button', { name: 'Return this order' })).toBeNull();
  });

  it('shows the seller’s answer and why no new return can be asked', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/orders/SG10001': [200, order({ status: 'Completed', paymentStatus: 'refunded' })],
      'GET /api/orders/SG10001/returns': [
        200,
        {
          returns: [
            returnView({
              status: 'Accepted',
              refundAmount: 81_050_00,
              decidedAt: '2026-11-24T07:00:00.000Z',
              decisionReason: 'Sorry about that',
            }),
          ],
          canRequest: false,
          message: null,
          deadline: eligible.deadline,
        },
      ],
    });
    renderPage(<OrderPage />, { path: '/orders/SG10001', pattern: '/orders/:orderId' });
    const entry = await screen.findByRole('article', { name: 'Return Accepted' });
    expect(entry.textContent).toContain('Rs 81,050 refunded in cash by the seller');
    expect(entry.textContent).toContain('The seller adds: Sorry about that');
    expect(screen.getByRole('region', { name: 'Payment' }).textContent).toContain('Refunded');
  });

  it('tells why a late order cannot be returned', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/orders/SG10001': [200, order({ status: 'Completed' })],
      'GET /api/orders/SG10001/returns': [
        200,
        { returns: [], canRequest: false, message: returnMessages.windowClosed, deadline: eligible.deadline },
      ],
    });
    renderPage(<OrderPage />, { path: '/orders/SG10001', pattern: '/orders/:orderId' });
    expect(await screen.findByText(`${returnMessages.windowClosed}.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Return this order' })).toBeNull();
  });
});
