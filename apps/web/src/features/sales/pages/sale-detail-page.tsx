import { Anchor, Badge, Card, Group, Image, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { addDays, formatMdy, utcIsoDay } from '@pricehub/shared/rules/dates';
import { formatRs } from '@pricehub/shared/rules/money';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePublicSale } from '../api/sales';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

/** The sale's last day: it ends at the midnight after it. */
const lastDay = (endsAt: string) => addDays(utcIsoDay(new Date(endsAt)), -1);

export function SaleDetailPage() {
  const { code = '' } = useParams();
  const query = usePublicSale(code);
  usePageTitle(query.data?.sale.title ?? 'Sale');
  if (query.isLoading) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} />;
  const { sale, products } = query.data!;
  return (
    <Stack maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {sale.title}
          </Title>
          <Text c="dimmed">
            by{' '}
            <Anchor component={Link} to={`/viewstore/${sale.store.slug}`}>
              {sale.store.name}
            </Anchor>
          </Text>
        </div>
        <Badge size="xl" color="red" variant="filled">
          {sale.percent}% off
        </Badge>
      </Group>
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="products">Products ({products.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Stack gap="xs">
            <Text>
              <b>Discount:</b> {sale.percent}% on {products.length} product{products.length === 1 ? '' : 's'}
            </Text>
            <Text>
              <b>Runs:</b> {formatMdy(new Date(sale.startsAt))} to {formatMdy(lastDay(sale.endsAt))}
            </Text>
            <Text>
              <b>Code:</b> {sale.code}
            </Text>
            <Text>
              <b>Store:</b> {sale.store.name}
            </Text>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="products" pt="md">
          {products.length === 0 ? (
            <EmptyState title="This sale has no products." />
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
              {products.map((p) => (
                <Card key={p.id} withBorder radius="md" component="article" aria-label={p.name}>
                  <Card.Section>
                    <Image src={p.image || null} alt={p.name} h={160} fit="contain" fallbackSrc="/favicon.svg" />
                  </Card.Section>
                  <Anchor
                    component={Link}
                    to={`/result/productHub/${p.productId ?? p.id}`}
                    fw={600}
                    mt="sm"
                    lineClamp={2}
                  >
                    {p.name}
                  </Anchor>
                  <Group gap="xs" mt={4}>
                    <Text fw={700} c="red" data-testid="sale-price">
                      {formatRs(p.salePrice)}
                    </Text>
                    <Text td="line-through" c="dimmed" size="sm">
                      {formatRs(p.price)}
                    </Text>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
