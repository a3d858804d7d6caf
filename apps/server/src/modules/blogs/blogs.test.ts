import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blogMessages, type BlogPage, type BlogPost } from '@pricehub/shared/schemas/blog';
import { queryRows } from '../../db/client';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { BLOG_RENDER_VERSION, renderBlogHtml, renderPost, summarizeBlogHtml, SUMMARY_MAX } from './render';

// The service's renderer, watched: reads must never call it.
vi.mock('./render', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./render')>();
  return { ...actual, renderBlogHtml: vi.fn(actual.renderBlogHtml), renderPost: vi.fn(actual.renderPost) };
});

const t = await buildTestApp();
const seller = await createSeller(t, { storeName: 'Laptop Lane' });
const rival = await createSeller(t);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload: payload as object } : {}) });

const stored = async (id: number) =>
  (
    await queryRows<{ html: string; summary: string; version: number }>(
      t.ctx.db,
      sql`select html, summary, render_version as version from blogs where id = ${id}`,
    )
  )[0]!;

afterEach(() => {
  vi.mocked(renderPost).mockClear();
  vi.mocked(renderBlogHtml).mockClear();
});

describe('rendering', () => {
  it('renders markdown', () => {
    expect(renderBlogHtml('# Hello\n\n**bold** [link](https://example.com)')).toContain('<strong>bold</strong>');
    expect(renderBlogHtml('[link](https://example.com)')).toContain('href="https://example.com"');
  });

  it('strips script tags, event attributes and javascript: URLs', () => {
    const html = renderBlogHtml(
      'Hi <script>alert(1)</script>\n\n<img src="https://x.test/a.png" onerror="alert(2)">\n\n[x](javascript:alert(3)) <a href="javascript:alert(4)">y</a>',
    );
    expect(html).not.toMatch(/<script|alert\(1\)|onerror|javascript:/i);
    expect(html).toContain('<img src="https://x.test/a.png"');
  });

  it('summarizes what a reader sees as plain text: no markup, no stripped script, words of two blocks apart', () => {
    const summary = summarizeBlogHtml(
      renderBlogHtml(
        '# Title\n\nFirst **bold** line\nsecond & <b>"third"</b> 1 < 2\n\n<script>steal()</script>\n\n- a\n- b',
      ),
    );
    expect(summary).toBe('Title First bold line second & "third" 1 < 2 a b');
    // Text that looks like markup stays text (the list shows it as text, never as HTML).
    expect(summarizeBlogHtml(renderBlogHtml('Use `<img src=x onerror=y>` carefully'))).toBe(
      'Use <img src=x onerror=y> carefully',
    );
  });

  it('cuts a long post at a word, at most SUMMARY_MAX characters', () => {
    const summary = summarizeBlogHtml(renderBlogHtml('word '.repeat(200)));
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(summary).toMatch(/^(word )+word…$/);
  });
});

describe('blog posts', () => {
  it('refuses a post without title or content', async () => {
    const noTitle = await call('POST', '/api/seller/blogs', seller.cookie, { title: '', content: 'x' });
    expect(noTitle.json().error.message).toBe(blogMessages.titleRequired);
    const noContent = await call('POST', '/api/seller/blogs', seller.cookie, { title: 'x', content: ' ' });
    expect(noContent.json().error.message).toBe(blogMessages.contentRequired);
  });

  it('answers 401 to visitors and 403 to customers', async () => {
    const customer = await createCustomer(t);
    const post = { title: 'x', content: 'y' };
    expect((await call('POST', '/api/seller/blogs', undefined, post)).statusCode).toBe(401);
    expect((await call('POST', '/api/seller/blogs', customer.cookie, post)).statusCode).toBe(403);
  });

  it('publishes sanitized posts, newest first, with the store name', async () => {
    t.setNow(new Date(Date.now() - 60_000));
    const first = await call('POST', '/api/seller/blogs', seller.cookie, { title: 'Older', content: 'old news' });
    t.setNow(new Date());
    const second = await call('POST', '/api/seller/blogs', seller.cookie, {
      title: 'Best laptops',
      content: 'Read this <script>steal()</script><img src="https://x.test/i.png" onerror="steal()">',
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const { blogs } = (await call('GET', '/api/blogs')).json() as BlogPage;
    expect(blogs.map((b) => b.title)).toEqual(['Best laptops', 'Older']);
    expect(blogs[0]!.store.name).toBe('Laptop Lane');
    expect(blogs[0]!.summary).toBe('Read this');
    const one = await call('GET', `/api/blogs/${second.json().blog.id}`);
    expect(one.json().blog.html).toContain('<img src="https://x.test/i.png"');
    expect(one.json().blog.html).not.toMatch(/<script|onerror/);
    expect((await call('GET', '/api/blogs/999999')).statusCode).toBe(404);
  });

  it('previews through the same sanitizer', async () => {
    const res = await call('POST', '/api/seller/blogs/preview', seller.cookie, { content: '*hi*<script>x()</script>' });
    expect(res.json().html).toContain('<em>hi</em>');
    expect(res.json().html).not.toContain('script');
  });

  it('lets only the author edit or delete: 404 for another seller, as for an unknown post', async () => {
    const [post] = (await call('GET', '/api/seller/blogs', seller.cookie)).json().blogs;
    expect((await call('GET', '/api/seller/blogs', rival.cookie)).json().blogs).toEqual([]);
    const edit = { title: 'Hijacked', content: 'x' };
    expect((await call('PUT', `/api/seller/blogs/${post.id}`, rival.cookie, edit)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/seller/blogs/${post.id}`, rival.cookie)).statusCode).toBe(404);
    expect((await call('PUT', '/api/seller/blogs/999999', seller.cookie, edit)).statusCode).toBe(404);
    const res = await call('PUT', `/api/seller/blogs/${post.id}`, seller.cookie, { title: 'Edited', content: '_new_' });
    expect(res.json().blog).toMatchObject({ title: 'Edited', html: expect.stringContaining('<em>new</em>') });
    expect((await call('DELETE', `/api/seller/blogs/${post.id}`, seller.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/blogs/${post.id}`)).statusCode).toBe(404);
  });
});

describe('rendered once, when written', () => {
  it('stores the sanitized HTML and the summary with the post, and renders again on an edit', async () => {
    const content = '## Deals\n\nThe **best** week <script>steal()</script>';
    const created = (await call('POST', '/api/seller/blogs', seller.cookie, { title: 'Stored', content })).json()
      .blog as BlogPost;
    expect(await stored(created.id)).toEqual({
      html: renderBlogHtml(content),
      summary: 'Deals The best week',
      version: BLOG_RENDER_VERSION,
    });
    expect(created.html).toBe(renderBlogHtml(content));
    await call('PUT', `/api/seller/blogs/${created.id}`, seller.cookie, { title: 'Stored', content: 'Now *this*' });
    expect(await stored(created.id)).toMatchObject({ html: '<p>Now <em>this</em></p>\n', summary: 'Now this' });
  });

  it('never renders on a read: a changed renderer leaves stored posts as they were written', async () => {
    const created = (
      await call('POST', '/api/seller/blogs', seller.cookie, { title: 'Frozen', content: 'Written **once**' })
    ).json().blog as BlogPost;
    vi.mocked(renderPost).mockClear();
    vi.mocked(renderBlogHtml).mockClear();
    // A new renderer that writes something else: what was stored is what readers get.
    vi.mocked(renderPost).mockImplementation(() => ({ html: '<p>changed</p>', summary: 'changed', renderVersion: 1 }));
    try {
      const one = (await call('GET', `/api/blogs/${created.id}`)).json().blog as BlogPost;
      expect(one.html).toBe('<p>Written <strong>once</strong></p>\n');
      const list = (await call('GET', '/api/blogs?pageSize=50')).json() as BlogPage;
      expect(list.blogs.find((b) => b.id === created.id)?.summary).toBe('Written once');
      const mine = (await call('GET', '/api/seller/blogs', seller.cookie)).json().blogs as BlogPost[];
      expect(mine.find((b) => b.id === created.id)?.html).toBe(one.html);
      expect(vi.mocked(renderPost)).not.toHaveBeenCalled();
      expect(vi.mocked(renderBlogHtml)).not.toHaveBeenCalled();
    } finally {
      vi.mocked(renderPost).mockImplementation(
        (await vi.importActual<typeof import('./render')>('./render')).renderPost,
      );
    }
  });
});
