import { z } from 'zod';

export const blogMessages = {
  titleRequired: 'Blog title is required',
  contentRequired: 'Blog content is required',
  created: 'Blog post published',
  updated: 'Blog post updated',
  deleted: 'Blog post deleted',
  notFound: 'Blog post not found',
  none: 'There are no blog posts yet',
} as const;

export const blogInput = z.object({
  title: z.string({ error: blogMessages.titleRequired }).trim().min(1, blogMessages.titleRequired).max(200),
  content: z.string({ error: blogMessages.contentRequired }).trim().min(1, blogMessages.contentRequired).max(50_000),
});
export type BlogInput = z.infer<typeof blogInput>;

export const blogPreviewInput = z.object({ content: z.string().max(50_000) });

/** A post as the API returns it: `html` is rendered from the markdown and sanitized on the server. */
export interface BlogPost {
  id: number;
  title: string;
  content: string;
  html: string;
  createdAt: string;
  updatedAt: string;
  store: { name: string; slug: string };
}
