import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformDashboard } from '@pricehub/shared/schemas/operator-dashboard';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { PlatformDashboardPage } from './moderation-dashboard-page';

const now = Date.now();
const data: PlatformDashboard = {
  days: 30,
  trade: [
    { date: '2026-11-19', orders: 1, gmv: 500_00 },
    { date: '2026-11-20', orders: 2, gmv: 3_000_00 },
  ],
  totals: { orders: 3, gmv: 3_500_00 },
  activeSellers: 4,
  openStores: 9,
  freshness: [
    {
      id: 1,
      name: 'Stale Mart',
      paused: false,
      intervalMinutes: 360,
      offers: 120,
      oldestCheckAt: new Date(now - 4 * 86_400_000).toISOString(),
      lastRefreshAt: new Date(now - 3 * 86_400_000).toISOString(),
      stale: true,
    },
    {
      id: 2,
      name: 'Fresh Bazaar',
      paused: false,
      intervalMinutes: 360,
      offers: 40,
      oldestCheckAt: new Date(now - 2 * 3_600_000).toISOString(),
      lastRefreshAt: new Date(now - 30 * 60_000).toISOString(),
      stale: false,
    },
  ],
  ingestionFailures: [
    {
      runId: 5,
      store: 'Stale Mart',
      at: '2026-11-20T10:00:00.000Z',
      error: null,
      failed: 2,
      reasons: ['No price', 'Bad GTIN'],
    },
  ],
  noResultSearches: [
    { term: 'zorblax 9000', count: 3 },
    { term: 'quantum toaster', count: 1 },
  ],
  openReports: 2,
  openEscalations: 1,
};

describe('the operator dashboard', { timeout: 30_000 }, () => {
  it('shows the figures, the stale stores, the failures and the searches with no result', async () => {
    mockApi({ 'GET /api/operator/dashboard?days=30': [200, data] });
    renderPage(<PlatformDashboardPage />, { path: '/operator/dashboard' });
    expect(await screen.findByText('Rs 3,500')).toBeTruthy();
    expect(screen.getByText('4 of 9')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reported reviews' }).getAttribute('href')).toBe('/operator/moderation');
    expect(screen.getByText(/1 store has not refreshed within twice their interval: Stale Mart/)).toBeTruthy();
    const freshness = screen.getByRole('region', { name: 'Other stores’ prices' });
    expect(within(freshness).getByText('4 days ago')).toBeTruthy();
    expect(within(freshness).getByText('30 min ago')).toBeTruthy();
    const failures = screen.getByRole('region', { name: 'Ingestion failures' });
    expect(within(failures).getByText('2 items failed: No price; Bad GTIN')).toBeTruthy();
    const misses = screen.getByRole('region', { name: 'Top searches with no result' });
    expect(within(misses).getByText('zorblax 9000')).toBeTruthy();
    expect(within(misses).getByText('3')).toBeTruthy();
    expect(await screen.findByText('GMV per day, last 30 days')).toBeTruthy();
  });

  it('says so when nothing failed and every search found something', async () => {
    mockApi({
      'GET /api/operator/dashboard?days=30': [
        200,
        { ...data, ingestionFailures: [], noResultSearches: [], freshness: [] },
      ],
    });
    renderPage(<PlatformDashboardPage />, { path: '/operator/dashboard' });
    expect(await screen.findByText('No run failed in the last 30 days.')).toBeTruthy();
    expect(screen.getByText('Every search found something in the last 30 days.')).toBeTruthy();
    expect(screen.getByText('No other stores yet.')).toBeTruthy();
  });
});
