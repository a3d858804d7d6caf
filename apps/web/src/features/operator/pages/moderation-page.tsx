import { Anchor, Badge, Button, Group, Paper, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  hideInput,
  optionalReasonInput,
  type ModeratedBlog,
  type ModeratedReview,
} from '@pricehub/shared/schemas/operator-moderation';
import { notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../components/page-title';
import {
  useBlogModeration,
  useModerationAction,
  useReviewQueue,
  type BlogAction,
  type BlogFilter,
  type ReviewAction,
} from '../api/moderation';
import { ModerationReasonDialog } from '../components/moderation-reason-dialog';
import { EmptyState, ErrorState, LoadingState } from '../components/page-states';
import { Pager } from '../components/pager';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));
const tabs = ['reported', 'hidden', 'blogs'] as const;
type Tab = (typeof tabs)[number];

/** /operator/moderation: reported reviews to decide on, hidden reviews, and every store's blog posts. */
export function ModerationPage() {
  usePageTitle('Moderation');
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.find((t) => t === params.get('tab')) ?? 'reported';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (next: { tab?: Tab; page?: number }) => {
    const out = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t !== 'reported') out.set('tab', t);
    if (next.page && next.page > 1) out.set('page', String(next.page));
    setParams(out);
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        Moderation
      </Title>
      <Tabs value={tab} onChange={(v) => go({ tab: (v as Tab) ?? 'reported', page: 1 })}>
        <Tabs.List>
          <Tabs.Tab value="reported">Reported reviews</Tabs.Tab>
          <Tabs.Tab value="hidden">Hidden reviews</Tabs.Tab>
          <Tabs.Tab value="blogs">Blog posts</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'blogs' ? (
        <BlogList page={page} onPage={(p) => go({ page: p })} />
      ) : (
        <ReviewList status={tab === 'reported' ? 'open' : 'hidden'} page={page} onPage={(p) => go({ page: p })} />
      )}
    </Stack>
  );
}

function ReviewList({
  status,
  page,
  onPage,
}: {
  status: 'open' | 'hidden';
  page: number;
  onPage: (p: number) => void;
}) {
  const queue = useReviewQueue(status, page);
  if (queue.isLoading) return <LoadingState label="Loading reviews" />;
  if (queue.isError) return <ErrorState error={queue.error} onRetry={() => queue.refetch()} />;
  const data = queue.data!;
  if (data.items.length === 0) {
    return <EmptyState message={status === 'open' ? 'No reported reviews are waiting.' : 'No review is hidden.'} />;
  }
  return (
    <>
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Reviews"
        aria-busy={queue.isFetching}
      >
        {data.items.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </Stack>
      <Pager page={data.page} pageSize={data.pageSize} total={data.total} noun="reviews" onChange={onPage} />
    </>
  );
}

const reviewWording = {
  hide: {
    title: 'Hide this review?',
    body: 'It leaves the product page and stops counting in the product’s and the seller’s ratings at once. Its open reports are closed, and its author is mailed the reason.',
    label: 'Reason (mailed to the author)',
    button: 'Hide review',
    color: 'red',
  },
  unhide: {
    title: 'Show this review again?',
    body: 'It comes back on the product page and in the ratings. Its author is mailed.',
    label: 'Message to the author (optional)',
    button: 'Show review',
    color: 'green',
  },
  dismiss: {
    title: 'Keep this review?',
    body: 'Its open reports are dismissed and the review stays. The shoppers who reported it cannot report it again.',
    label: 'Note for the audit log (optional)',
    button: 'Keep review',
    color: 'blue',
  },
} as const;

function ReviewCard({ review }: { review: ModeratedReview }) {
  const [acting, setActing] = useState<ReviewAction | null>(null);
  const action = useModerationAction<ModeratedReview>('reviews', review.id);
  const headingId = `review-${review.id}`;
  const wording = acting ? reviewWording[acting] : null;
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Title order={2} size="h5" id={headingId}>
            Review by {review.author || 'Customer'} of{' '}
            <Anchor component={Link} to={`/result/productHub/${review.product.id}`} inherit>
              {review.product.name}
            </Anchor>
          </Title>
          <Text size="xs" c="dimmed">
            {review.rating ? `${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)} · ` : ''}
            {when(review.createdAt)}
          </Text>
        </div>
        <Group gap="xs">
          {review.hidden ? (
            <Button variant="light" color="green" onClick={() => setActing('unhide')}>
              Show again
            </Button>
          ) : (
            <>
              {review.openReports > 0 && (
                <Button variant="default" onClick={() => setActing('dismiss')}>
                  Keep
                </Button>
              )}
              <Button variant="light" color="red" onClick={() => setActing('hide')}>
                Hide
              </Button>
            </>
          )}
        </Group>
      </Group>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {review.text}
      </Text>
      {review.hidden && (
        <Text size="sm" c="red" mt="xs">
          Hidden {when(review.hidden.at)}: {review.hidden.reason}
        </Text>
      )}
      {review.reports.length > 0 && (
        <Stack gap={4} mt="sm">
          <Text size="sm" fw={600}>
            Reports ({review.openReports} open)
          </Text>
          {review.reports.map((r) => (
            <Text key={r.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Badge size="xs" variant="light" color={r.status === 'open' ? 'orange' : 'gray'} mr={6}>
                {r.status}
              </Badge>
              “{r.reason}” — {r.reporter}, {when(r.createdAt)}
            </Text>
          ))}
        </Stack>
      )}
      {acting && wording && (
        <ModerationReasonDialog
          title={wording.title}
          body={wording.body}
          label={wording.label}
          required={acting === 'hide'}
          schema={acting === 'hide' ? hideInput : optionalReasonInput}
          field="reason"
          button={wording.button}
          color={wording.color}
          pending={action.isPending}
          error={action.error}
          onClose={() => {
            action.reset();
            setActing(null);
          }}
          onSubmit={(value: { reason?: string }) =>
            action.mutate(
              { action: acting, reason: value.reason },
              {
                onSuccess: (result) => {
                  notifySuccess(result.message);
                  setActing(null);
                },
              },
            )
          }
        />
      )}
    </Paper>
  );
}

const hiddenOptions = [
  { value: '', label: 'All posts' },
  { value: 'false', label: 'Shown' },
  { value: 'true', label: 'Hidden' },
];

function BlogList({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const [words, setWords] = useState('');
  const [filter, setFilter] = useState<BlogFilter>({ q: '', page });
  const current = { ...filter, page };
  const blogs = useBlogModeration(current);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...filter, q: words.trim() });
    onPage(1);
  };
  return (
    <>
      <Paper withBorder p="md">
        <form onSubmit={search} role="search" aria-label="Search blog posts">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label="Title or store"
              value={words}
              onChange={(e) => setWords(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              maxLength={100}
            />
            <Select
              label="Showing"
              data={hiddenOptions}
              value={filter.hidden ?? ''}
              onChange={(v) => {
                setFilter({ ...filter, hidden: (v || undefined) as BlogFilter['hidden'] });
                onPage(1);
              }}
              allowDeselect={false}
              w={{ base: '100%', xs: 160 }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              Search
            </Button>
          </Group>
        </form>
      </Paper>
      {blogs.isLoading ? (
        <LoadingState label="Loading blog posts" />
      ) : blogs.isError ? (
        <ErrorState error={blogs.error} onRetry={() => blogs.refetch()} />
      ) : blogs.data!.items.length === 0 ? (
        <EmptyState message={filter.q || filter.hidden ? 'No post matches this search.' : 'No blog posts yet.'} />
      ) : (
        <>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Blog posts">
            {blogs.data!.items.map((blog) => (
              <BlogCard key={blog.id} blog={blog} />
            ))}
          </Stack>
          <Pager
            page={blogs.data!.page}
            pageSize={blogs.data!.pageSize}
            total={blogs.data!.total}
            noun="posts"
            onChange={onPage}
          />
        </>
      )}
    </>
  );
}

function BlogCard({ blog }: { blog: ModeratedBlog }) {
  const [acting, setActing] = useState<BlogAction | null>(null);
  const action = useModerationAction<ModeratedBlog>('blogs', blog.id);
  const headingId = `blog-${blog.id}`;
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs">
            <Title order={2} size="h5" id={headingId}>
              {blog.hidden ? (
                blog.title
              ) : (
                <Anchor component={Link} to={`/blogPosts/${blog.id}`} inherit>
                  {blog.title}
                </Anchor>
              )}
            </Title>
            {blog.hidden && (
              <Badge color="red" variant="light">
                Hidden
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {blog.store.name} · {when(blog.createdAt)}
          </Text>
        </div>
        {blog.hidden ? (
          <Button
            variant="light"
            color="green"
            onClick={() => setActing('unhide')}
            aria-label={`Show ${blog.title} again`}
          >
            Show again
          </Button>
        ) : (
          <Button variant="light" color="red" onClick={() => setActing('hide')} aria-label={`Hide ${blog.title}`}>
            Hide
          </Button>
        )}
      </Group>
      <Text size="sm" mt="xs" lineClamp={3}>
        {blog.summary}
      </Text>
      {blog.hidden && (
        <Text size="sm" c="red" mt="xs">
          Hidden {when(blog.hidden.at)}: {blog.hidden.reason}
        </Text>
      )}
      {acting && (
        <ModerationReasonDialog
          title={acting === 'hide' ? `Hide “${blog.title}”?` : `Show “${blog.title}” again?`}
          body={
            acting === 'hide'
              ? 'It leaves the blog list and its page at once. The seller is mailed the reason and can still edit it.'
              : 'It comes back in the blog list and at its address. The seller is mailed.'
          }
          label={acting === 'hide' ? 'Reason (mailed to the seller)' : 'Message to the seller (optional)'}
          required={acting === 'hide'}
          schema={acting === 'hide' ? hideInput : optionalReasonInput}
          field="reason"
          button={acting === 'hide' ? 'Hide post' : 'Show post'}
          color={acting === 'hide' ? 'red' : 'green'}
          pending={action.isPending}
          error={action.error}
          onClose={() => {
            action.reset();
            setActing(null);
          }}
          onSubmit={(value: { reason?: string }) =>
            action.mutate(
              { action: acting, reason: value.reason },
              {
                onSuccess: (result) => {
                  notifySuccess(result.message);
                  setActing(null);
                },
              },
            )
          }
        />
      )}
    </Paper>
  );
}
