import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderMessages, type OrderView } from '@pricehub/shared/schemas/order';
import { mockApi, sellerSession } from '../../../test/mock-api';
import { orderView } from '../../../test/orders';
import { renderPage } from '../../../test/render-page';
import { UpdateOrderPage } from './update-order-page';

/** The store's order, as the seller's GET /api/seller/orders/:id answers it. */
const order = (over: Partial<OrderView> = {}): OrderView =>
  orderView({ rejectionReason: null, store: { slug: 's', name: 'S' }, ...over });

const REASON = 'The last unit was damaged in our store';

// A modal, a form and the router on a shared 2-core machine: more than the default 5 s under load.
describe('rejecting an order on the seller’s update page', { timeout: 30_000 }, () => {
  it('asks for a reason, checks it before sending, sends it, and goes back to the orders', async () => {
    const api = mockApi({
      'GET /api/auth/session': sellerSession,
      'GET /api/seller/orders/SG10001': [200, order()],
      'POST /api/seller/orders/SG10001/reject': [
        200,
        { message: orderMessages.rejected, order: order({ status: 'Cancelled', rejectionReason: REASON }) },
      ],
    });
    renderPage(<UpdateOrderPage />, { path: '/updateOrder/SG10001', pattern: '/updateOrder/:orderId' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject order…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order SG10001?' });
    expect(dialog.textContent).toContain('Nothing was charged.');
    const reason = within(dialog).getByRole('textbox', { name: /Reason for the customer/ });
    // The field has the focus, so a keyboard user can type straight away.
    await waitFor(() => expect(document.activeElement).toBe(reason));

    // Too short: the schema's message, and nothing sent.
    await userEvent.type(reason, 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(await within(dialog).findByText(orderMessages.reasonRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(reason);
    await userEvent.paste(REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/seller/orders');
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/seller/orders/SG10001/reject',
      body: { reason: REASON },
    });
    expect(await screen.findByText(orderMessages.rejected)).toBeTruthy();
  });

  it('keeps the dialog and the reason, with the server’s message, when the rejection is refused', async () => {
    mockApi({
      'GET /api/auth/session': sellerSession,
      'GET /api/seller/orders/SG10001': [200, order({ paymentMethod: 'online', paymentStatus: 'paid' })],
      'POST /api/seller/orders/SG10001/reject': [
        502,
        { error: { code: 'PAYMENT_PROVIDER', message: orderMessages.refundFailed } },
      ],
    });
    renderPage(<UpdateOrderPage />, { path: '/updateOrder/SG10001', pattern: '/updateOrder/:orderId' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject order…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order SG10001?' });
    expect(dialog.textContent).toContain('card payment is refunded');
    const reason = within(dialog).getByRole('textbox', { name: /Reason for the customer/ });
    await userEvent.click(reason);
    await userEvent.paste(REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect((await within(dialog).findAllByText(orderMessages.refundFailed)).length).toBeGreaterThan(0);
    expect((reason as HTMLTextAreaElement).value).toBe(REASON);
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('offers no rejection once the order is accepted, and shows the reason of a rejected one', async () => {
    mockApi({
      'GET /api/auth/session': sellerSession,
      'GET /api/seller/orders/SG10001': [200, order({ status: 'Accepted' })],
      'GET /api/seller/orders/SG10002': [
        200,
        order({ orderId: 'SG10002', status: 'Cancelled', rejectionReason: REASON }),
      ],
    });
    const first = renderPage(<UpdateOrderPage />, { path: '/updateOrder/SG10001', pattern: '/updateOrder/:orderId' });
    expect(await screen.findByRole('button', { name: 'Update status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject order…' })).toBeNull();
    first.unmount();

    renderPage(<UpdateOrderPage />, { path: '/updateOrder/SG10002', pattern: '/updateOrder/:orderId' });
    expect(await screen.findByText('Rejected by S')).toBeTruthy();
    expect(screen.getByText(REASON)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject order…' })).toBeNull();
  });

  it('preselects the next status an accepted order can move to, and sends it', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': sellerSession,
      'GET /api/seller/orders/SG10001': [200, order({ status: 'Accepted' })],
      'PUT /api/seller/orders/SG10001/status': [
        200,
        { message: 'Successfully Updated Order Status', order: order({ status: 'Shipped' }) },
      ],
    });
    renderPage(<UpdateOrderPage />, { path: '/updateOrder/SG10001', pattern: '/updateOrder/:orderId' });
    expect(await screen.findByRole('textbox', { name: 'Order status' })).toHaveProperty('value', 'Shipped');
    await userEvent.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'Shipped' }]),
    );
  });
});
