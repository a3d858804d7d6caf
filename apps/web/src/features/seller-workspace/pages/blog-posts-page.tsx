import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatMdy } from '@pricehub/shared/rules/dates';
import { blogMessages } from '@pricehub/shared/schemas/blog';
import { usePageTitle } from '../../../components/page-title';
import { usePublicBlog, usePublicBlogs } from '../api/blogs';
import { BlogHtml } from '../components/blog-html';
import { EmptyState, LoadError, PageLoader } from '../components/query-states';

const byline = (store: string, createdAt: string) => `${store} · ${formatMdy(new Date(createdAt))}`;

/** /blogPosts: every store's posts, newest first. */
export function BlogPostsPage() {
  usePageTitle('Blogs');
  const blogs = usePublicBlogs();
  return (
    <Stack maw={860} mx="auto" w="100%">
      <Title order={1} size="h2">
        Blogs
      </Title>
      {blogs.isLoading && <PageLoader />}
      {blogs.isError && <LoadError error={blogs.error} onRetry={() => void blogs.refetch()} />}
      {blogs.data?.blogs.length === 0 && <EmptyState message={blogMessages.none} />}
      {blogs.data?.blogs.map((b) => (
        <Paper key={b.id} withBorder p="md" radius="md" component="article" aria-labelledby={`post-${b.id}`}>
          <Title order={2} size="h4" id={`post-${b.id}`}>
            <Anchor component={Link} to={`/blogPosts/${b.id}`} inherit>
              {b.title}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {byline(b.store.name, b.createdAt)}
          </Text>
          <div style={{ maxHeight: 180, overflow: 'hidden' }}>
            <BlogHtml html={b.html} />
          </div>
          <Anchor component={Link} to={`/blogPosts/${b.id}`} size="sm">
            Read more
          </Anchor>
        </Paper>
      ))}
    </Stack>
  );
}

/** /blogPosts/:id: one post in full. */
export function BlogPostPage() {
  const id = Number(useParams().id);
  const post = usePublicBlog(Number.isInteger(id) && id > 0 ? id : null);
  usePageTitle(post.data?.blog.title ?? 'Blog');
  return (
    <Stack maw={860} mx="auto" w="100%">
      <Button
        component={Link}
        to="/blogPosts"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        All posts
      </Button>
      {post.isLoading && <PageLoader />}
      {(post.isError || !(id > 0)) && <LoadError error={post.error ?? new Error(blogMessages.notFound)} />}
      {post.data && (
        <article>
          <Title order={1} size="h2">
            {post.data.blog.title}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {byline(post.data.blog.store.name, post.data.blog.createdAt)}
          </Text>
          <BlogHtml html={post.data.blog.html} />
        </article>
      )}
    </Stack>
  );
}
