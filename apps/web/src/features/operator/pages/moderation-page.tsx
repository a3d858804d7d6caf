import { Anchor, Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ModeratedBlog, ModeratedReview } from '@pricehub/shared/schemas/operator-moderation';
import { usePageTitle } from '../../../hooks/use-page-title';
import {
  useBlogModeration,
  useModerationAction,
  useReviewQueue,
  type BlogAction,
  type BlogFilter,
  type ReviewAction,
} from '../api/moderation';
import { FilterBar, FilterSelect } from '../components/filter-bar';
import { ModerationDialog } from '../components/moderation-dialog';
import { CaseCard } from '../components/case-card';
import { PagedCardList } from '../components/paged-list';
import { useUrlFilters } from '../components/use-url-filters';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));
const tabs = ['reported', 'hidden', 'blogs'] as const;

/** When and why an operator hid a review or a post. */
function HiddenNote({ hidden }: { hidden: { at: string; reason: string } | null | undefined }) {
  if (!hidden) return null;
  return (
    <Text size="sm" c="red" mt="xs">
      Hidden {when(hidden.at)}: {hidden.reason}
    </Text>
  );
}
type Tab = (typeof tabs)[number];

/** /operator/moderation: reported reviews to decide on, hidden reviews, and every store's blog posts. */
export function ModerationPage() {
  usePageTitle('Moderation');
  const [filter, setFilter] = useUrlFilters(
    (params) => ({ tab: tabs.find((t) => t === params.get('tab')) ?? ('reported' as Tab) }),
    { tab: 'reported' },
  );
  const { tab, page } = filter;
  return (
    <Stack>
      <Title order={1} size="h2">
        Moderation
      </Title>
      <Tabs value={tab} onChange={(v) => setFilter({ tab: (v as Tab) ?? 'reported', page: 1 })}>
        <Tabs.List>
          <Tabs.Tab value="reported">Reported reviews</Tabs.Tab>
          <Tabs.Tab value="hidden">Hidden reviews</Tabs.Tab>
          <Tabs.Tab value="blogs">Blog posts</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'blogs' ? (
        <BlogList page={page} onPage={(p) => setFilter({ page: p })} />
      ) : (
        <ReviewList
          status={tab === 'reported' ? 'open' : 'hidden'}
          page={page}
          onPage={(p) => setFilter({ page: p })}
        />
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
  return (
    <PagedCardList
      query={queue}
      loadingLabel="Loading reviews"
      emptyMessage={status === 'open' ? 'No reported reviews are waiting.' : 'No review is hidden.'}
      noun="reviews"
      onPage={onPage}
      label="Reviews"
      busy={queue.isFetching}
      card={(review) => <ReviewCard key={review.id} review={review} />}
    />
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
    <CaseCard
      headingId={headingId}
      title={
        <>
          Review by {review.author || 'Customer'} of{' '}
          <Anchor component={Link} to={`/result/productHub/${review.product.id}`} inherit>
            {review.product.name}
          </Anchor>
        </>
      }
      meta={
        <>
          {review.rating ? `${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)} · ` : ''}
          {when(review.createdAt)}
        </>
      }
      actions={
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
      }
    >
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {review.text}
      </Text>
      <HiddenNote hidden={review.hidden} />
      {review.reports.length > 0 && (
        <Stack gap={4} mt="sm">
          <Text size="sm" fw={600}>
            Reports ({review.openReports} open)
          </Text>
          {review.reports.map((r) => (
            <Text key={r.id} component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Badge size="xs" variant="light" color={r.status === 'open' ? 'orange' : 'gray'} mr={6}>
                {r.status}
              </Badge>
              “{r.reason}” — {r.reporter}, {when(r.createdAt)}
            </Text>
          ))}
        </Stack>
      )}
      {acting && wording && (
        <ModerationDialog acting={acting} wording={wording} action={action} onDone={() => setActing(null)} />
      )}
    </CaseCard>
  );
}

const hiddenOptions = [
  { value: '', label: 'All posts' },
  { value: 'false', label: 'Shown' },
  { value: 'true', label: 'Hidden' },
];

function BlogList({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const [filter, setFilter] = useState<BlogFilter>({ q: '', page });
  const current = { ...filter, page };
  const blogs = useBlogModeration(current);
  return (
    <>
      <FilterBar
        searchLabel="Search blog posts"
        inputLabel="Title or store"
        onSearch={(q) => {
          setFilter({ ...filter, q });
          onPage(1);
        }}
      >
        <FilterSelect
          label="Showing"
          data={hiddenOptions}
          value={filter.hidden ?? ''}
          onChange={(v) => {
            setFilter({ ...filter, hidden: (v || undefined) as BlogFilter['hidden'] });
            onPage(1);
          }}
          width={160}
        />
      </FilterBar>
      <PagedCardList
        query={blogs}
        loadingLabel="Loading blog posts"
        emptyMessage={filter.q || filter.hidden ? 'No post matches this search.' : 'No blog posts yet.'}
        noun="posts"
        onPage={onPage}
        label="Blog posts"
        card={(blog) => <BlogCard key={blog.id} blog={blog} />}
      />
    </>
  );
}

function BlogCard({ blog }: { blog: ModeratedBlog }) {
  const [acting, setActing] = useState<BlogAction | null>(null);
  const action = useModerationAction<ModeratedBlog>('blogs', blog.id);
  const headingId = `blog-${blog.id}`;
  return (
    <CaseCard
      headingId={headingId}
      title={
        blog.hidden ? (
          blog.title
        ) : (
          <Anchor component={Link} to={`/blogPosts/${blog.id}`} inherit>
            {blog.title}
          </Anchor>
        )
      }
      badges={
        blog.hidden && (
          <Badge color="red" variant="light">
            Hidden
          </Badge>
        )
      }
      meta={
        <>
          {blog.store.name} · {when(blog.createdAt)}
        </>
      }
      actions={
        blog.hidden ? (
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
        )
      }
    >
      <Text size="sm" mt="xs" lineClamp={3}>
        {blog.summary}
      </Text>
      <HiddenNote hidden={blog.hidden} />
      {acting && (
        <ModerationDialog
          acting={acting}
          wording={{
            title: acting === 'hide' ? `Hide “${blog.title}”?` : `Show “${blog.title}” again?`,
            body:
              acting === 'hide'
                ? 'It leaves the blog list and its page at once. The seller is mailed the reason and can still edit it.'
                : 'It comes back in the blog list and at its address. The seller is mailed.',
            label: acting === 'hide' ? 'Reason (mailed to the seller)' : 'Message to the seller (optional)',
            button: acting === 'hide' ? 'Hide post' : 'Show post',
            color: acting === 'hide' ? 'red' : 'green',
          }}
          action={action}
          onDone={() => setActing(null)}
        />
      )}
    </CaseCard>
  );
}
