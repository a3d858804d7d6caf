import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { blogMessages, type BlogPage, type BlogSummary } from '@pricehub/shared/schemas/blog';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { BlogPostPage, BlogPostsPage } from './blog-posts-page';

const summary = (id: number, over: Partial<BlogSummary> = {}): BlogSummary => ({
  id,
  title: `Post ${id}`,
  summary: `Summary of post ${id}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  store: { name: 'Laptop Lane', slug: 'laptop-lane' },
  ...over,
});

const page = (n: number, ids: number[], total = 23): BlogPage => ({
  blogs: ids.map((id) => summary(id)),
  total,
  page: n,
  pageSize: 10,
});

describe('the blog list', { timeout: 30_000 }, () => {
  it('shows summaries as text, a page at a time, with pages a keyboard can reach', async () => {
    const api = mockApi({
      'GET /api/blogs?page=1': [
        200,
        { ...page(1, [23, 22]), blogs: [summary(23, { summary: 'Use <b>16 GB</b> & more' }), summary(22)] },
      ],
      'GET /api/blogs?page=2': [200, page(2, [13, 12])],
      'GET /api/blogs?page=3': [200, page(3, [3, 2, 1])],
    });
    renderPage(<BlogPostsPage />, { path: '/blogPosts' });
    const first = await screen.findByRole('article', { name: 'Post 23' });
    // A summary is text: markup in it is shown, never rendered.
    expect(within(first).getByText('Use <b>16 GB</b> & more')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Read more about Post 23' }).getAttribute('href')).toBe(
      '/blogPosts/23',
    );
    expect(screen.getByText('Page 1 of 3 · 23 posts')).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    // Keyboard only: Enter on the next-page control (a real, focusable button).
    const user = userEvent.setup();
    const next = within(nav).getByRole('button', { name: 'Next page' });
    next.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('article', { name: 'Post 13' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Post 23' })).toBeNull();
    expect(api.sent('GET /api/blogs?page=2')).toHaveLength(1);
    // The reader starts again at the top of the new page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Blogs' })));

    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('article', { name: 'Post 1' })).toBeTruthy();
    expect(screen.getByText('Page 3 of 3 · 23 posts')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
  });

  it('says when there are no posts, without pages', async () => {
    mockApi({ 'GET /api/blogs?page=1': [200, { blogs: [], total: 0, page: 1, pageSize: 10 }] });
    renderPage(<BlogPostsPage />, { path: '/blogPosts' });
    expect(await screen.findByText(blogMessages.none)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
  });

  it('has no page controls when every post fits on one page', async () => {
    mockApi({ 'GET /api/blogs?page=1': [200, page(1, [2, 1], 2)] });
    renderPage(<BlogPostsPage />, { path: '/blogPosts' });
    expect(await screen.findByRole('article', { name: 'Post 2' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
  });
});

describe('one post', { timeout: 30_000 }, () => {
  it('shows the HTML the server stored for it', async () => {
    mockApi({
      'GET /api/blogs/7': [
        200,
        {
          blog: {
            ...summary(7, { title: 'Deals' }),
            content: '**Big** deals',
            html: '<p><strong>Big</strong> deals</p>',
          },
        },
      ],
    });
    renderPage(<BlogPostPage />, { path: '/blogPosts/7', pattern: '/blogPosts/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deals' })).toBeTruthy();
    expect(screen.getByText('Big', { selector: 'strong' })).toBeTruthy();
  });
});
