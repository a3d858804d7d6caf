import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerSession, mockApi } from '../../../test/mock-api';
import { orderView } from '../../../test/orders';
import { renderPage } from '../../../test/render-page';
import { CheckoutSuccessPage } from './checkout-success-page';

describe('checkout receipt', () => {
  it('lists every order of ?orders= with its lines, totals and payment method', async () => {
    mockApi({
      'GET /api/auth/session': customerSession,
      'GET /api/orders/SG10001': [200, orderView()],
      'GET /api/orders/SG10002': [
        200,
        orderView({ orderId: 'SG10002', total: 60_050_00, store: { slug: 'b', name: 'Beta Store' } }),
      ],
    });
    renderPage(<CheckoutSuccessPage />, { path: '/checkout-success?orders=SG10001,SG10002' });
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeTruthy();
    expect(screen.getAllByRole('region', { name: /^Order SG1000\d$/ })).toHaveLength(2);
    expect(screen.getByText('Grand total: Rs 105,100')).toBeTruthy();
    expect(screen.getAllByText(/Cash on delivery/).length).toBe(2);
  });
});
