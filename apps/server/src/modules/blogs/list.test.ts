import { beforeAll, describe, expect, it } from 'vitest';
import { blogMessages, type BlogPage } from '@pricehub/shared/schemas/blog';
import { buildTestApp } from '../../testing/test-app';
import { createSeller } from '../../testing/factories';
import { SUMMARY_MAX } from './render';

const t = await buildTestApp();
const list = async (query: string) => t.app.inject({ method: 'GET', url: `/api/blogs${query}` });

beforeAll(async () => {
  const author = await createSeller(t, { storeName: 'Paging Store' });
  const start = Date.now() - 3_600_000;
  for (let i = 1; i <= 23; i++) {
    t.setNow(new Date(start + i * 1000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/seller/blogs',
      headers: { cookie: author.cookie },
      payload: { title: `Post ${i}`, content: `Body of post ${i}\n\n${'long text '.repeat(300)}` },
    });
    expect(res.statusCode).toBe(201);
  }
});

describe('GET /api/blogs, a page at a time', () => {
  it('sends 10 summaries by default, newest first, with the total and the page', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json() as BlogPage;
    expect(body).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    expect(body.blogs.map((b) => b.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Post ${23 - i}`));
    // Summaries, not posts: no markdown, no HTML, and far shorter than the post.
    for (const b of body.blogs) {
      expect(Object.keys(b).sort()).toEqual(['createdAt', 'id', 'store', 'summary', 'title', 'updatedAt']);
      expect(b.summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    }
    expect(body.blogs[0]!.summary).toMatch(/^Body of post 23 long text/);
  });

  it('pages with ?page= and pageSize, and answers an empty page past the end', async () => {
    const third = (await list('?page=3')).json() as BlogPage;
    expect(third.blogs.map((b) => b.title)).toEqual(['Post 3', 'Post 2', 'Post 1']);
    const small = (await list('?page=2&pageSize=5')).json() as BlogPage;
    expect(small).toMatchObject({ total: 23, page: 2, pageSize: 5 });
    expect(small.blogs.map((b) => b.title)).toEqual(['Post 18', 'Post 17', 'Post 16', 'Post 15', 'Post 14']);
    expect((await list('?page=9')).json()).toMatchObject({ blogs: [], total: 23, page: 9 });
  });

  it('refuses a page or page size out of range with a 400 and a message', async () => {
    for (const [query, message] of [
      ['?page=0', blogMessages.badPage],
      ['?page=1001', blogMessages.badPage],
      ['?page=abc', blogMessages.badPage],
      ['?page=99999999999', blogMessages.badPage],
      ['?pageSize=51', blogMessages.badPageSize],
      ['?pageSize=0', blogMessages.badPageSize],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBe(message);
    }
  });
});
