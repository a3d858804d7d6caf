import { describe, expect, it } from 'vitest';
import { blogMessages } from '@pricehub/shared/schemas/blog';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { renderBlogHtml } from './render';

const t = await buildTestApp();
const seller = await createSeller(t, { storeName: 'Laptop Lane' });
const rival = await createSeller(t);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload: payload as object } : {}) });

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
    const { blogs } = (await call('GET', '/api/blogs')).json();
    expect(blogs.map((b: { title: string }) => b.title)).toEqual(['Best laptops', 'Older']);
    expect(blogs[0].store.name).toBe('Laptop Lane');
    expect(blogs[0].html).not.toMatch(/<script|steal\(\)|onerror/);
    const one = await call('GET', `/api/blogs/${second.json().blog.id}`);
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
