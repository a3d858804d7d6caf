import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useRef, type RefObject } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../api/client';
import { usePageTitle } from '../../../hooks/use-page-title';
import { StoreRating } from '../../../components/store-rating';
import { storePageNumber, useStore } from '../api/catalog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { PageLinks } from '../components/page-links';
import { ProductGrid } from '../components/product-grid';

const statusLabel = { open: 'Open', closed: 'Closed', unavailable: 'Unavailable' } as const;

/** /viewstore/:storeSlug?page=N: the store's profile and one page of its products (no `?page` on the first). */
export function StorePageView() {
  const slug = useParams().storeSlug ?? '';
  const page = storePageNumber(useSearchParams()[0]);
  const store = useStore(slug, page);
  const heading = useRef<HTMLHeadingElement>(null);
  useStartOfPage(page, heading);
  usePageTitle(store.data?.store.name ?? 'Store');
  const path = `/viewstore/${encodeURIComponent(slug)}`;
  if (store.isLoading) return <LoadingState label="Loading store" />;
  // The API names the page when ?page cannot be one (0, "abc", past 1000).
  if (store.error instanceof ApiRequestError && store.error.fields.page) return <NoSuchPage page={page} path={path} />;
  if (store.isError) return <ErrorState error={store.error} onRetry={() => store.refetch()} />;
  const { store: s, products, total, pageSize } = store.data!;
  const pages = Math.ceil(total / pageSize);
  const first = (page - 1) * pageSize + 1;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between">
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {s.name}
          </Title>
          <Badge color={s.status === 'open' ? 'green' : 'gray'}>{statusLabel[s.status]}</Badge>
        </Group>
        {s.rating && (
          <Group mt={4}>
            <StoreRating rating={s.rating} />
          </Group>
        )}
        {s.description && <Text mt="xs">{s.description}</Text>}
        <Text size="sm" c="dimmed" mt="xs">
          Selling on PriceHub since {dayjs(s.createdAt).format('MMMM YYYY')} · {total} products
        </Text>
      </Paper>
      {s.status !== 'open' ? (
        <Alert color="gray">
          {s.status === 'closed' ? 'This store is closed.' : 'This store is unavailable at the moment.'}
        </Alert>
      ) : products.length === 0 && page > 1 ? (
        <NoSuchPage page={page} path={path} pages={pages} />
      ) : products.length === 0 ? (
        <EmptyState title="This store has no products yet" />
      ) : (
        // The page shown stays, dimmed, while the next one loads.
        <Stack gap="lg" aria-busy={store.isPlaceholderData} style={{ opacity: store.isPlaceholderData ? 0.6 : 1 }}>
          <ProductGrid products={products} />
          {pages > 1 && (
            <Stack gap="xs" align="center">
              <Text size="sm" c="dimmed" aria-live="polite">
                Products {first}–{first + products.length - 1} of {total}
              </Text>
              <PageLinks path={path} page={page} pages={pages} label={`Pages of ${s.name}'s products`} />
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** A page past the last (or no page at all): what there is, and the way back to the first. */
function NoSuchPage({ page, path, pages }: { page: number; path: string; pages?: number }) {
  const title = Number.isInteger(page) ? `There is no page ${page}` : 'There is no such page';
  return (
    <EmptyState title={pages ? `${title}: the store has ${pages} ${pages === 1 ? 'page' : 'pages'}.` : `${title}.`}>
      <Button component={Link} to={path} variant="light">
        First page
      </Button>
    </EmptyState>
  );
}

/** Another page of products starts at the top; keyboard and screen-reader users read on from the store's name. */
function useStartOfPage(page: number, heading: RefObject<HTMLHeadingElement | null>) {
  const shown = useRef(page);
  useEffect(() => {
    if (Object.is(shown.current, page)) return;
    shown.current = page;
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [page, heading]);
}
