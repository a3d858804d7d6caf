import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  moderationMessages,
  type ModeratedBlog,
  type ModeratedReview,
  type ModerationPage as Page,
} from '@pricehub/shared/schemas/operator-moderation';
import { messageUnderInput } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { ModerationPage } from './moderation-page';

const reported: ModeratedReview = {
  id: 7,
  product: { id: 11, name: 'Numbat Phone 12' },
  author: 'Rude Reviewer',
  rating: 1,
  text: 'This seller is a thief',
  createdAt: '2026-11-20T10:00:00.000Z',
  hidden: null,
  openReports: 2,
  reports: [
    { id: 1, reason: 'Insults the seller', reporter: 'Hina', status: 'open', createdAt: '2026-11-21T10:00:00.000Z' },
    { id: 2, reason: 'Name calling', reporter: 'Ali', status: 'open', createdAt: '2026-11-21T11:00:00.000Z' },
  ],
};
const hidden: ModeratedReview = {
  ...reported,
  openReports: 0,
  hidden: { at: '2026-11-22T10:00:00.000Z', reason: 'Personal insults' },
  reports: reported.reports.map((r) => ({ ...r, status: 'actioned' as const })),
};
const page = (items: ModeratedReview[]): Page => ({ items, total: items.length, page: 1, pageSize: 20 });
const post: ModeratedBlog = {
  id: 3,
  title: 'Buy fake chargers',
  summary: 'Cheap!',
  store: { name: 'TechZone', slug: 'techzone' },
  createdAt: '2026-11-20T10:00:00.000Z',
  hidden: null,
};

describe('the Moderation page', { timeout: 30_000 }, () => {
  it('lists reported reviews with their reports, and hides one with a reason', async () => {
    const api = mockApi({
      'GET /api/operator/moderation?status=open': [
        [200, page([reported])],
        [200, page([])],
      ],
      'POST /api/operator/moderation/reviews/7/hide': [200, { message: moderationMessages.reviewHidden, item: hidden }],
    });
    renderPage(<ModerationPage />, { path: '/operator/moderation' });
    const card = await screen.findByRole('listitem', { name: /Review by Rude Reviewer of Numbat Phone 12/ });
    expect(within(card).getByText('This seller is a thief')).toBeTruthy();
    expect(within(card).getByText('Reports (2 open)')).toBeTruthy();
    expect(within(card).getByText(/Insults the seller/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Numbat Phone 12' }).getAttribute('href')).toBe(
      '/result/productHub/11',
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    const reason = within(dialog).getByLabelText(/^Reason/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(messageUnderInput(reason)).toBe(moderationMessages.reasonRequired);
    fireEvent.change(reason, { target: { value: 'Personal insults' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() =>
      expect(api.sent('POST /api/operator/moderation/reviews/7/hide').map((c) => c.body)).toEqual([
        { reason: 'Personal insults' },
      ]),
    );
    expect(await screen.findByText(moderationMessages.reviewHidden)).toBeTruthy();
    expect(await screen.findByText('No reported reviews are waiting.')).toBeTruthy();
  });

  it('keeps a review by dismissing its reports, and shows the server’s refusal', async () => {
    mockApi({
      'GET /api/operator/moderation?status=open': [200, page([reported])],
      'POST /api/operator/moderation/reviews/7/dismiss': apiError(409, moderationMessages.noOpenReports),
    });
    renderPage(<ModerationPage />, { path: '/operator/moderation' });
    const card = await screen.findByRole('listitem', { name: /Review by Rude Reviewer/ });
    fireEvent.click(within(card).getByRole('button', { name: 'Keep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep this review?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep review' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(moderationMessages.noOpenReports);
  });

  it('shows hidden reviews with the reason, and shows one again', async () => {
    const api = mockApi({
      'GET /api/operator/moderation?status=open': [200, page([])],
      'GET /api/operator/moderation?status=hidden': [200, page([hidden])],
      'POST /api/operator/moderation/reviews/7/unhide': [
        200,
        { message: moderationMessages.reviewUnhidden, item: reported },
      ],
    });
    renderPage(<ModerationPage />, { path: '/operator/moderation' });
    fireEvent.click(screen.getByRole('tab', { name: 'Hidden reviews' }));
    const card = await screen.findByRole('listitem', { name: /Review by Rude Reviewer/ });
    expect(within(card).getByText(/Personal insults/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Show again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Show this review again?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show review' }));
    await waitFor(() =>
      expect(api.sent('POST /api/operator/moderation/reviews/7/unhide').map((c) => c.body)).toEqual([{}]),
    );
  });

  it('lists blog posts and hides one', async () => {
    const api = mockApi({
      'GET /api/operator/moderation?status=open': [200, page([])],
      'GET /api/operator/moderation/blogs': [200, { items: [post], total: 1, page: 1, pageSize: 20 }],
      'POST /api/operator/moderation/blogs/3/hide': [
        200,
        { message: moderationMessages.blogHidden, item: { ...post, hidden: { at: post.createdAt, reason: 'Fakes' } } },
      ],
    });
    renderPage(<ModerationPage />, { path: '/operator/moderation' });
    fireEvent.click(screen.getByRole('tab', { name: 'Blog posts' }));
    const card = await screen.findByRole('listitem', { name: 'Buy fake chargers' });
    fireEvent.click(within(card).getByRole('button', { name: 'Hide Buy fake chargers' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Counterfeit goods' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide post' }));
    await waitFor(() =>
      expect(api.sent('POST /api/operator/moderation/blogs/3/hide').map((c) => c.body)).toEqual([
        { reason: 'Counterfeit goods' },
      ]),
    );
  });
});
