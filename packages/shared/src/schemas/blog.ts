import { z } from 'zod';

export const blogMessages = {
  titleRequired: 'Blog title is required',
  contentRequired: 'Blog content is required',
  created: 'Blog post published',
  updated: 'Blog post updated',
  deleted: 'Blog post deleted',
  notFound: 'Blog post not found',
  none: 'There are no blog posts yet',
  badPage: 'Page must be a whole number from 1 to 1000',
  badPageSize: 'Page size must be a whole number from 1 to 50',
} as const;

export const blogInput = z.object({
  title: z.string({ error: blogMessages.titleRequired }).trim().min(1, blogMessages.titleRequired).max(200),
  content: z.string({ error: blogMessages.contentRequired }).trim().min(1, blogMessages.contentRequired).max(50_000),
});
export type BlogInput = z.infer<typeof blogInput>;

export const blogPreviewInput = z.object({ content: z.string().max(50_000) });

export const BLOG_PAGE_SIZE = 10;

/** GET /api/blogs: newest first, a page at a time. */
export const blogListQuery = z.object({
  page: z.coerce
    .number({ error: blogMessages.badPage })
    .int(blogMessages.badPage)
    .min(1, blogMessages.badPage)
    .max(1000, blogMessages.badPage)
    .default(1),
  pageSize: z.coerce
    .number({ error: blogMessages.badPageSize })
    .int(blogMessages.badPageSize)
    .min(1, blogMessages.badPageSize)
    .max(50, blogMessages.badPageSize)
    .default(BLOG_PAGE_SIZE),
});
export type BlogListQuery = z.infer<typeof blogListQuery>;

/** A post in the public list: its plain-text summary, not the post. */
export interface BlogSummary {
  id: number;
  title: string;
  /** Plain text (no markup) from the start of the post; show it as text. */
  summary: string;
  createdAt: string;
  updatedAt: string;
  store: { name: string; slug: string };
}

export interface BlogPage {
  blogs: BlogSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** A whole post: `html` was rendered from the markdown and sanitized on the server when the post was written. */
export interface BlogPost extends BlogSummary {
  content: string;
  html: string;
}
