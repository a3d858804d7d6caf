import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api/query-keys';
import { mockApi } from '../../../test/mock-api';
import { expectLandedAt, renderPage } from '../../../test/render-page';
import { SellerLogoutPage } from './seller-logout-page';

describe('seller logout', () => {
  it('ends the session on the server, forgets the cached seller and goes to /sellerLogin', async () => {
    const api = mockApi({ 'POST /api/auth/logout': [200, { ok: true }] });
    const { queryClient } = renderPage(<SellerLogoutPage />, { path: '/sellerLogout' });
    queryClient.setQueryData(queryKeys.seller.productOptions, { items: [1, 2] });
    await expectLandedAt('/sellerLogin');
    expect(api.sent('POST /api/auth/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(queryKeys.session)).toEqual({ user: null });
    expect(queryClient.getQueryData(queryKeys.seller.productOptions)).toBeUndefined();
  });

  it('says so and offers a retry when the server cannot be reached', async () => {
    mockApi({ 'POST /api/auth/logout': [503, { error: { code: 'UNAVAILABLE', message: 'Service unavailable' } }] });
    renderPage(<SellerLogoutPage />, { path: '/sellerLogout' });
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain('Service unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
