import { z } from 'zod';
import { isoTime } from './response';

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

const blogStore = z.object({ name: z.string(), slug: z.string() });

/** A post in the public list: its plain-text summary, not the post. */
export const blogSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text (no markup) from the start of the post; show it as text. */
  summary: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  store: blogStore,
});
export type BlogSummary = z.infer<typeof blogSummary>;

/** GET /api/blogs. */
export const blogPage = z.object({
  blogs: z.array(blogSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BlogPage = z.infer<typeof blogPage>;

/** A whole post: `html` was rendered from the markdown and sanitized on the server when the post was written. */
export const blogPost = blogSummary.extend({ content: z.string(), html: z.string() });
export type BlogPost = z.infer<typeof blogPost>;

export const blogAnswer = z.object({ blog: blogPost });
export const storeBlogs = z.object({ blogs: z.array(blogPost) });
export const blogSaved = z.object({ message: z.string(), blog: blogPost });
/** POST /api/seller/blogs/preview: the post's markdown as the published page will show it. */
export const blogPreview = z.object({ html: z.string() });
