import {
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
  useMatches,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatMdy } from '@pricehub/shared/rules/dates';
import { blogMessages } from '@pricehub/shared/schemas/blog';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePublicBlog, usePublicBlogs } from '../api/blogs';
import { BlogHtml } from '../components/blog-html';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

const byline = (store: string, createdAt: string) => `${store} · ${formatMdy(new Date(createdAt))}`;

/** The page in `?page=`, or 1 when it is missing or not a page number. */
const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
};

/** /blogPosts: every store's posts, newest first, a page of summaries at a time (the page is in the URL). */
export function BlogPostsPage() {
  usePageTitle('Blogs');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const blogs = usePublicBlogs(page);
  const heading = useRef<HTMLHeadingElement>(null);
  const data = blogs.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // Nine controls (first, …, three around this page, …, last, previous, next) fit a 390px phone at this size.
  const controlSize = useMatches({ base: 'sm', sm: 'md' });

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
    // Keyboard and screen-reader users start reading the new page from its top.
    heading.current?.focus();
  };

  return (
    <Stack maw={860} mx="auto" w="100%">
      <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        Blogs
      </Title>
      {blogs.isLoading && <LoadingState />}
      {blogs.isError && <ErrorState error={blogs.error} onRetry={() => void blogs.refetch()} />}
      {data?.total === 0 && <EmptyState title={blogMessages.none} />}
      {data && data.total > 0 && data.blogs.length === 0 && (
        <EmptyState title={`There is no page ${page}: the blog has ${pages} ${pages === 1 ? 'page' : 'pages'}.`}>
          <Button component={Link} to="/blogPosts" variant="light">
            First page
          </Button>
        </EmptyState>
      )}
      {/* The page shown stays, dimmed, while the next one loads. */}
      <Stack aria-busy={blogs.isPlaceholderData} style={{ opacity: blogs.isPlaceholderData ? 0.6 : 1 }}>
        {data?.blogs.map((b) => (
          <Paper key={b.id} withBorder p="md" radius="md" component="article" aria-labelledby={`post-${b.id}`}>
            <Title order={2} size="h4" id={`post-${b.id}`}>
              <Anchor component={Link} to={`/blogPosts/${b.id}`} inherit>
                {b.title}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {byline(b.store.name, b.createdAt)}
            </Text>
            {b.summary && <Text mb="xs">{b.summary}</Text>}
            <Anchor component={Link} to={`/blogPosts/${b.id}`} size="sm">
              Read more<VisuallyHidden> about {b.title}</VisuallyHidden>
            </Anchor>
          </Paper>
        ))}
      </Stack>
      {data && data.total > 0 && (
        <Text size="sm" c="dimmed" ta="center" aria-live="polite">
          Page {data.page} of {pages} · {data.total} {data.total === 1 ? 'post' : 'posts'}
        </Text>
      )}
      {pages > 1 && (
        <Group justify="center" component="nav" aria-label="Blog pages">
          <Pagination
            total={pages}
            size={controlSize}
            value={Math.min(page, pages)}
            onChange={goTo}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            getControlProps={(control) => ({ 'aria-label': `${control === 'previous' ? 'Previous' : 'Next'} page` })}
          />
        </Group>
      )}
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
      {post.isLoading && <LoadingState />}
      {(post.isError || !(id > 0)) && <ErrorState error={post.error ?? new Error(blogMessages.notFound)} />}
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
