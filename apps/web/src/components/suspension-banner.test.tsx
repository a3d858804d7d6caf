import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api';
import { renderPage } from '../test/render-page';
import { SuspensionBanner } from './suspension-banner';

describe('the suspension banner of the seller workspace', { timeout: 30_000 }, () => {
  it('says why the store is suspended and what still works', async () => {
    mockApi({
      'GET /api/seller/suspension': [
        200,
        { suspension: { reason: 'Counterfeit chargers', suspendedAt: '2026-11-20T09:30:00.000Z' } },
      ],
    });
    renderPage(<SuspensionBanner />, { path: '/seller' });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Your store is suspended since November 20, 2026');
    expect(banner.textContent).toContain('Reason: Counterfeit chargers');
    expect(banner.textContent).toContain('Orders already placed go on');
  });

  it('shows nothing for a store in good standing', async () => {
    const api = mockApi({ 'GET /api/seller/suspension': [200, { suspension: null }] });
    renderPage(<SuspensionBanner />, { path: '/seller' });
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
