import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerSession, mockApi } from '../../../test/mock-api';
import { expectLandedAt, renderPage } from '../../../test/render-page';
import { savedPhone } from '../../../test/saved-items';
import { ComparePage } from './compare-page';

describe('signed out', () => {
  it('says Login First Please and goes to the login page', async () => {
    const api = mockApi({ 'GET /api/auth/session': [200, { user: null }] });
    renderPage(<ComparePage />, { path: '/compare' });
    await expectLandedAt('/login');
    expect(await screen.findByText('Login First Please')).toBeTruthy();
    expect(api.calls.map((c) => c.url)).toEqual(['/api/auth/session']);
  });
});

describe('the compare page', () => {
  it('shows the products side by side', async () => {
    const pixel = { ...savedPhone, id: 12, name: 'Pixel 8', brand: 'Google', inStock: false, storeCount: 1 };
    mockApi({ 'GET /api/auth/session': customerSession, 'GET /api/compare': [200, { items: [savedPhone, pixel] }] });
    renderPage(<ComparePage />, { path: '/compare' });
    expect(await screen.findByRole('link', { name: 'Pixel 8' })).toBeTruthy();
    const row = (label: string) => within(screen.getByRole('rowheader', { name: label }).closest('tr')!);
    expect(row('Brand').getByText('Google')).toBeTruthy();
    expect(row('Stores').getByText('3')).toBeTruthy();
    expect(row('Storage').getAllByText('256GB')).toHaveLength(2);
    expect(row('In stock').getByText('Out of Stock')).toBeTruthy();
  });

  it('has an empty state', async () => {
    mockApi({ 'GET /api/auth/session': customerSession, 'GET /api/compare': [200, { items: [] }] });
    renderPage(<ComparePage />, { path: '/compare' });
    expect(await screen.findByText('Nothing to compare yet')).toBeTruthy();
  });
});
