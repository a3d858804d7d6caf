import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SellerDashboard } from '@pricehub/shared/schemas/dashboard';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { DashboardPage } from './dashboard-page';

const dashboard: SellerDashboard = {
  kpis: { revenueThisMonth: 15_000_00, orders: 5, products: 2, averageRating: 4.3 },
  priceChart: [{ name: 'Galaxy A15', price: 50_000_00 }],
  salesByMonth: Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    label: `M${i + 1}`,
    revenue: i === 11 ? 15_000_00 : 0,
    orders: i === 11 ? 2 : 0,
  })),
  views: [{ name: 'Galaxy A15', views: 42 }],
  returns: { requested: 2, accepted: 1, refused: 0 },
  recentOrders: [
    {
      orderId: 'SG10007',
      customer: 'Bilal Ahmed',
      total: 5_000_00,
      status: 'Booked',
      createdAt: '2026-06-14T10:00:00Z',
    },
  ],
};

describe('seller dashboard', { timeout: 30_000 }, () => {
  it('shows the KPIs and recent orders with an Update link to /updateOrder/:orderId', async () => {
    mockApi({ 'GET /api/seller/dashboard': [200, dashboard] });
    renderPage(<DashboardPage />, { path: '/seller' });
    expect(await screen.findByText('Rs 15,000')).toBeTruthy();
    expect(screen.getByText('4.3 / 5')).toBeTruthy();
    const orders = screen.getByRole('table', { name: 'Recent orders' });
    expect(within(orders).getByText('Bilal Ahmed')).toBeTruthy();
    const update = within(orders).getByRole('link', { name: 'Update order SG10007' });
    expect(update.getAttribute('href')).toBe('/updateOrder/SG10007');
    const returns = screen.getByRole('region', { name: 'Returns' });
    expect(returns.textContent).toContain('2 to decide · 1 accepted · 0 refused');
    expect(within(returns).getByRole('link', { name: 'See returns' }).getAttribute('href')).toBe('/seller/returns');
  });

  it('shows the server’s message when the dashboard cannot load', async () => {
    mockApi({ 'GET /api/seller/dashboard': apiError(500, 'Something went wrong on our side. Please try again.') });
    renderPage(<DashboardPage />, { path: '/seller' });
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
