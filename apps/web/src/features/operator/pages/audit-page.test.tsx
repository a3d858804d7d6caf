import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditPage as AuditPayload } from '@pricehub/shared/schemas/operator';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { AuditPage } from './audit-page';

const payload: AuditPayload = {
  items: [
    {
      id: 2,
      at: '2026-11-20T09:30:00.000Z',
      actor: 'ops@example.test',
      action: 'store.suspend',
      target: { type: 'store', id: 'techzone', name: 'TechZone' },
      reason: 'Counterfeit chargers',
      before: { status: 'open' },
      after: { status: 'suspended' },
    },
  ],
  total: 41,
  page: 1,
  pageSize: 20,
  actions: ['store.suspend'],
};

describe('the audit log page', { timeout: 30_000 }, () => {
  it('shows who did what, why, and the values before and after', async () => {
    mockApi({ 'GET /api/operator/audit': [200, payload] });
    renderPage(<AuditPage />, { path: '/operator/audit' });
    const entries = await screen.findByRole('list', { name: 'Audit entries' });
    const [entry] = within(entries).getAllByRole('listitem');
    expect(within(entry!).getByText('Suspended a store')).toBeTruthy();
    expect(within(entry!).getByText('TechZone')).toBeTruthy();
    expect(within(entry!).getByText('By ops@example.test')).toBeTruthy();
    expect(within(entry!).getByText('Reason: Counterfeit chargers')).toBeTruthy();
    expect(within(entry!).getByText('status').nextElementSibling?.textContent).toBe('open → suspended');
    expect(screen.getByText('1–20 of 41 entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
  });
});
