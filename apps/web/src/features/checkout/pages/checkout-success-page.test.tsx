import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@pricehub/shared/schemas/order';
import { customerSession, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { CheckoutSuccessPage } from './checkout-success-page';

const order = (over: Partial<OrderView> = {}): OrderView => ({
  orderId: 'SG10001',
  status: 'Booked',
  paymentMethod: 'cashOnDel',
  paymentStatus: 'not_required',
  paymentId: null,
  subtotal: 45_000_00,
  shippingFee: 50_00,
  discount: 0,
  total: 45_050_00,
  promoCode: null,
  shippingAddress: '1 Test Road, Lahore',
  createdAt: '2026-11-22T07:00:00.000Z',
  updatedAt: '2026-11-22T07:00:00.000Z',
  store: { slug: 'alpha', name: 'Alpha Store' },
  customer: { name: 'Hina', email: 'hina@example.test' },
  lines: [
    {
      id: 1,
      productId: 7,
      name: 'Quasarphone',
      image: '',
      unitPrice: 45_000_00,
      quantity: 1,
      lineTotal: 45_000_00,
      reviewed: false,
    },
  ],
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('checkout receipt', () => {
  it('lists every order of ?orders= with its lines, totals and payment method', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/orders/SG10001': [200, order()],
      'GET /api/orders/SG10002': [
        200,
        order({ orderId: 'SG10002', total: 60_050_00, store: { slug: 'b', name: 'Beta Store' } }),
      ],
    });
    renderPage(<CheckoutSuccessPage />, { path: '/checkout-success?orders=SG10001,SG10002' });
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeTruthy();
    expect(screen.getAllByRole('region', { name: /^Order SG1000\d$/ })).toHaveLength(2);
    expect(screen.getByText('Grand total: Rs 105,100')).toBeTruthy();
    expect(screen.getAllByText(/Cash on delivery/).length).toBe(2);
  });
});
