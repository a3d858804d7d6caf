import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { moderationMessages } from '@pricehub/shared/schemas/operator-moderation';
import { messageUnderInput } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { ReportReviewButton } from './report-review-button';

const session = (role: 'customer' | 'seller' | null) =>
  [200, { user: role ? { id: 1, role, name: 'Hina', email: 'h@x.test', store: null } : null }] as [number, unknown];

const renderButton = () =>
  renderPage(<ReportReviewButton reviewId={7} author="Rude Reviewer" />, { path: '/result/productHub/11' });

describe('the Report button by a review', { timeout: 30_000 }, () => {
  it('sends a shopper’s reason, then shows the review as reported', async () => {
    const api = mockApi({
      'GET /api/auth/session': session('customer'),
      'POST /api/reviews/7/reports': [201, { message: moderationMessages.reported }],
    });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Report the review by Rude Reviewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the review by Rude Reviewer' });
    const reason = within(dialog).getByLabelText(/What is wrong/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(messageUnderInput(reason)).toBe(moderationMessages.reportReasonRequired);
    expect(api.sent('POST /api/reviews/7/reports')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'Insults the seller' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(api.sent('POST /api/reviews/7/reports').map((c) => c.body)).toEqual([{ reason: 'Insults the seller' }]),
    );
    expect(await screen.findByText('Reported')).toBeTruthy();
    expect(await screen.findByText(moderationMessages.reported)).toBeTruthy();
  });

  it('shows the server’s message when the report is refused', async () => {
    mockApi({
      'GET /api/auth/session': session('customer'),
      'POST /api/reviews/7/reports': apiError(429, moderationMessages.tooManyReports),
    });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Report the review by Rude Reviewer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/What is wrong/), { target: { value: 'Spam link inside' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(moderationMessages.tooManyReports);
  });

  it('asks a visitor to sign in, and shows no button to a seller', async () => {
    mockApi({ 'GET /api/auth/session': session(null) });
    const { unmount } = renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Report the review by Rude Reviewer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please sign in to report a review.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    unmount();
    vi.unstubAllGlobals();

    const api = mockApi({ 'GET /api/auth/session': session('seller') });
    renderButton();
    await waitFor(() => expect(api.sent('GET /api/auth/session')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });
});
