import {
  Alert,
  Badge,
  Card,
  Group,
  Image,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useExternalProducts } from '../api/external-products';

/** /ScrapeProducts: the newest products ingested from external stores, filterable by store, paged. */
export function ScrapeProductsPage() {
  usePageTitle('Products from other stores');
  const [params, setParams] = useSearchParams();
  const store = params.get('store') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [debouncedStore] = useDebouncedValue(store, 300);
  const list = useExternalProducts({ store: debouncedStore.trim() || undefined, page });
  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged, { replace: true });
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <Stack p={{ base: 'sm', sm: 'md' }}>
      <Title order={1} size="h2">
        Products from other stores
      </Title>
      <TextInput
        label="Store"
        placeholder="Store name, e.g. Fixture Mobiles"
        value={store}
        onChange={(e) => update({ store: e.currentTarget.value, page: '' })}
        maw={360}
      />
      {list.isLoading && <Loader aria-label="Loading products" />}
      {list.isError && <Alert color="red">Could not load the products: {list.error.message}</Alert>}
      {list.data && list.data.items.length === 0 && <Text c="dimmed">No products from other stores yet.</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {list.data?.items.map((item) => (
          <Card key={item.id} withBorder radius="md" component={Link} to={`/result/productDetail/${item.id}`}>
            <Card.Section>
              {item.image ? (
                <Image src={item.image} alt={item.name} h={160} fit="contain" />
              ) : (
                <Text c="dimmed" h={160} ta="center" pt="xl">
                  no image
                </Text>
              )}
            </Card.Section>
            <Text fw={600} mt="sm" lineClamp={2}>
              {item.name}
            </Text>
            <Group justify="space-between" mt="xs">
              <Text fw={700}>{formatRs(item.price)}</Text>
              <Badge color={item.available && item.inStock ? 'green' : 'gray'}>
                {item.available ? (item.inStock ? 'In Stock' : 'Out of Stock') : 'Unavailable'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {item.store}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Pagination total={pages} value={page} onChange={(p) => update({ page: String(p) })} aria-label="Pages" />
      )}
    </Stack>
  );
}
