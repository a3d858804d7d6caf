import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/page-title';
import { StoreRating } from '../../../components/store-rating';
import { useStore } from '../api/catalog';
import { EmptyState, ErrorState, LoadingState } from '../components/page-states';
import { ProductGrid } from '../components/product-grid';

const statusLabel = { open: 'Open', closed: 'Closed', unavailable: 'Unavailable' } as const;

/** /viewstore/:storeSlug: the store's profile and all its products. */
export function StorePageView() {
  const slug = useParams().storeSlug ?? '';
  const store = useStore(slug);
  usePageTitle(store.data?.store.name ?? 'Store');
  if (store.isLoading) return <LoadingState label="Loading store" />;
  if (store.isError) return <ErrorState error={store.error} onRetry={() => store.refetch()} />;
  const { store: s, products } = store.data!;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
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
          Selling on PriceHub since {dayjs(s.createdAt).format('MMMM YYYY')} · {products.length} products
        </Text>
      </Paper>
      {s.status !== 'open' ? (
        <Alert color="gray">
          {s.status === 'closed' ? 'This store is closed.' : 'This store is unavailable at the moment.'}
        </Alert>
      ) : products.length === 0 ? (
        <EmptyState title="This store has no products yet" />
      ) : (
        <ProductGrid products={products} />
      )}
    </Stack>
  );
}
