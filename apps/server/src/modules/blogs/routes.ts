import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blogAnswer,
  blogInput,
  blogListQuery,
  blogMessages,
  blogPage,
  blogPreview,
  blogPreviewInput,
  blogSaved,
  storeBlogs,
} from '@pricehub/shared/schemas/blog';
import { idInput } from '@pricehub/shared/schemas/id';
import { messageAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { currentStoreId } from '../../http/access';
import { renderBlogHtml } from './render';
import * as blogsService from './service';

const idParams = z.object({ id: idInput(blogMessages.notFound) });

export const blogsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A page of summaries: the list never sends whole posts.
  app.get(
    '/blogs',
    {
      config: { access: 'public' },
      schema: { tags: ['blogs'], querystring: blogListQuery, response: { 200: blogPage } },
    },
    async (request) => blogsService.listPosts(ctx, request.query),
  );

  app.get(
    '/blogs/:id',
    { config: { access: 'public' }, schema: { tags: ['blogs'], params: idParams, response: { 200: blogAnswer } } },
    async (request) => ({ blog: await blogsService.getPost(ctx, request.params.id, true) }),
  );

  app.get(
    '/seller/blogs',
    { config: { access: 'seller' }, schema: { tags: ['blogs'], response: { 200: storeBlogs } } },
    async (request) => ({ blogs: await blogsService.listStorePosts(ctx, currentStoreId(request)) }),
  );

  // The editor's preview goes through the same renderer and sanitizer as the published page.
  app.post(
    '/seller/blogs/preview',
    {
      config: { access: 'seller' },
      schema: { tags: ['blogs'], body: blogPreviewInput, response: { 200: blogPreview } },
    },
    async (request) => ({ html: renderBlogHtml(request.body.content) }),
  );

  app.post(
    '/seller/blogs',
    { config: { access: 'seller' }, schema: { tags: ['blogs'], body: blogInput, response: { 201: blogSaved } } },
    async (request, reply) => {
      const blog = await blogsService.createPost(ctx, currentStoreId(request), request.body);
      return reply.status(201).send({ message: blogMessages.created, blog });
    },
  );

  app.put(
    '/seller/blogs/:id',
    {
      config: { access: 'seller' },
      schema: { tags: ['blogs'], params: idParams, body: blogInput, response: { 200: blogSaved } },
    },
    async (request) => ({
      message: blogMessages.updated,
      blog: await blogsService.updatePost(ctx, currentStoreId(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/seller/blogs/:id',
    {
      config: { access: 'seller' },
      schema: { tags: ['blogs'], params: idParams, response: { 200: messageAnswer } },
    },
    async (request) => {
      await blogsService.deletePost(ctx, currentStoreId(request), request.params.id);
      return { message: blogMessages.deleted };
    },
  );
};
