import { desc, eq } from 'drizzle-orm';
import { blogMessages as m, type BlogInput, type BlogPost } from '@pricehub/shared/schemas/blog';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { blogs, stores } from '../../db/schema';
import { notFound } from '../../http/errors';
import { renderBlogHtml } from './render';

function postsQuery(db: Db) {
  return db
    .select({ b: blogs, store: { name: stores.name, slug: stores.slug } })
    .from(blogs)
    .innerJoin(stores, eq(stores.id, blogs.storeId));
}

type Row = Awaited<ReturnType<ReturnType<typeof postsQuery>['execute']>>[number];

const toPost = ({ b, store }: Row): BlogPost => ({
  id: b.id,
  title: b.title,
  content: b.content,
  html: renderBlogHtml(b.content),
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
  store,
});

const newestFirst = [desc(blogs.createdAt), desc(blogs.id)];

export async function listPosts(ctx: AppContext): Promise<BlogPost[]> {
  const rows = await postsQuery(ctx.db)
    .orderBy(...newestFirst)
    .limit(200);
  return rows.map(toPost);
}

export async function getPost(ctx: AppContext, id: number): Promise<BlogPost> {
  const [row] = await postsQuery(ctx.db).where(eq(blogs.id, id));
  if (!row) throw notFound(m.notFound);
  return toPost(row);
}

export async function listStorePosts(ctx: AppContext, storeId: number): Promise<BlogPost[]> {
  const rows = await postsQuery(ctx.db)
    .where(eq(blogs.storeId, storeId))
    .orderBy(...newestFirst);
  return rows.map(toPost);
}

export async function createPost(ctx: AppContext, storeId: number, input: BlogInput): Promise<BlogPost> {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(blogs)
    .values({ storeId, title: input.title, content: input.content, createdAt: now, updatedAt: now })
    .returning({ id: blogs.id });
  return getPost(ctx, row!.id);
}

/** 404 when the store has no such post (another store's included: its ids tell nothing). */
async function ownedPost(ctx: AppContext, storeId: number, id: number) {
  const [row] = await ctx.db.select({ storeId: blogs.storeId }).from(blogs).where(eq(blogs.id, id));
  if (!row || row.storeId !== storeId) throw notFound(m.notFound);
}

export async function updatePost(ctx: AppContext, storeId: number, id: number, input: BlogInput): Promise<BlogPost> {
  await ownedPost(ctx, storeId, id);
  await ctx.db
    .update(blogs)
    .set({ title: input.title, content: input.content, updatedAt: ctx.now() })
    .where(eq(blogs.id, id));
  return getPost(ctx, id);
}

export async function deletePost(ctx: AppContext, storeId: number, id: number): Promise<void> {
  await ownedPost(ctx, storeId, id);
  await ctx.db.delete(blogs).where(eq(blogs.id, id));
}
