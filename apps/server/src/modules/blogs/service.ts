import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  blogMessages as m,
  type BlogInput,
  type BlogListQuery,
  type BlogPage,
  type BlogPost,
  type BlogSummary,
} from '@pricehub/shared/schemas/blog';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { blogs } from '../../db/schema';
import { notFound } from '../../http/errors';
import { storeNameSql } from '../accounts/queries';
import { releaseUploads, uploadNamesIn } from '../media/references';
import { renderPost } from './render';

// Posts are rendered once, when written (`renderPost`): every read sends the stored HTML or summary as it is.

const summaryColumns = {
  id: blogs.id,
  title: blogs.title,
  summary: blogs.summary,
  createdAt: blogs.createdAt,
  updatedAt: blogs.updatedAt,
  store: storeNameSql(blogs.storeId),
};

function postsQuery(db: Db) {
  return db.select({ ...summaryColumns, content: blogs.content, html: blogs.html }).from(blogs);
}

const dates = <T extends { createdAt: Date; updatedAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const newestFirst = [desc(blogs.createdAt), desc(blogs.id)];

/** The public list: one page of summaries, newest first, and how many posts there are. */
export async function listPosts(ctx: AppContext, query: BlogListQuery): Promise<BlogPage> {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(summaryColumns)
      .from(blogs)
      .where(isNull(blogs.hiddenAt))
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(blogs).where(isNull(blogs.hiddenAt)),
  ]);
  const summaries: BlogSummary[] = rows.map(dates);
  return { blogs: summaries, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** A post by id; `visibleOnly` (the public page) leaves out posts an operator has hidden. */
export async function getPost(ctx: AppContext, id: number, visibleOnly = false): Promise<BlogPost> {
  const [row] = await postsQuery(ctx.db).where(
    visibleOnly ? and(eq(blogs.id, id), isNull(blogs.hiddenAt)) : eq(blogs.id, id),
  );
  if (!row) throw notFound(m.notFound);
  return dates(row);
}

export async function listStorePosts(ctx: AppContext, storeId: number): Promise<BlogPost[]> {
  const rows = await postsQuery(ctx.db)
    .where(eq(blogs.storeId, storeId))
    .orderBy(...newestFirst);
  return rows.map(dates);
}

export async function createPost(ctx: AppContext, storeId: number, input: BlogInput): Promise<BlogPost> {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(blogs)
    .values({
      storeId,
      title: input.title,
      content: input.content,
      ...renderPost(input.content),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: blogs.id });
  return getPost(ctx, row!.id);
}

/** 404 when the store has no such post (another store's included: its ids tell nothing). */
async function ownedPost(ctx: AppContext, storeId: number, id: number) {
  const [row] = await ctx.db
    .select({ storeId: blogs.storeId, content: blogs.content })
    .from(blogs)
    .where(eq(blogs.id, id));
  if (!row || row.storeId !== storeId) throw notFound(m.notFound);
  return row;
}

export async function updatePost(ctx: AppContext, storeId: number, id: number, input: BlogInput): Promise<BlogPost> {
  const old = await ownedPost(ctx, storeId, id);
  await ctx.db
    .update(blogs)
    .set({ title: input.title, content: input.content, ...renderPost(input.content), updatedAt: ctx.now() })
    .where(eq(blogs.id, id));
  // Images the edit dropped go, unless something else still shows them.
  const kept = new Set(uploadNamesIn(input.content));
  await releaseUploads(
    ctx,
    uploadNamesIn(old.content).filter((name) => !kept.has(name)),
  );
  return getPost(ctx, id);
}

export async function deletePost(ctx: AppContext, storeId: number, id: number): Promise<void> {
  const old = await ownedPost(ctx, storeId, id);
  await ctx.db.delete(blogs).where(eq(blogs.id, id));
  await releaseUploads(ctx, uploadNamesIn(old.content));
}
