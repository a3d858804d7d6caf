import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { addDays, formatMdy, utcIsoDay } from '@pricehub/shared/rules/dates';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useActiveSales } from '../api/sales';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

/** /saleDetail without a code: the sales running now. */
export function ActiveSalesPage() {
  usePageTitle('Sales');
  const sales = useActiveSales();
  return (
    <Stack maw={1100} mx="auto" w="100%">
      <Title order={1} size="h2">
        Sales running now
      </Title>
      {sales.isLoading && <LoadingState />}
      {sales.isError && <ErrorState error={sales.error} onRetry={() => void sales.refetch()} />}
      {sales.data?.sales.length === 0 && <EmptyState title="There are no sales running right now." />}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {sales.data?.sales.map((s) => (
          <Card key={s.code} withBorder radius="md" component="article" aria-label={s.title}>
            <Group justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={`/saleDetail/${s.code}`} fw={700}>
                {s.title}
              </Anchor>
              <Badge color="red">{s.percent}% off</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {s.store.name} · {s.productCount} product{s.productCount === 1 ? '' : 's'}
            </Text>
            <Text size="sm">Until {formatMdy(addDays(utcIsoDay(new Date(s.endsAt)), -1))}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
