import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { formatDayMonthYear } from '@pricehub/shared/rules/dates';
import type { Product } from '@pricehub/shared/schemas/product';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useHome } from '../api/catalog';
import { ErrorState } from '../../../components/page-states';
import { LowestPrice, StoreCountLine } from '../components/price-tag';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid';
import { useBuyProduct } from '../components/use-buy';

export function HomePage() {
  usePageTitle('');
  const home = useHome();
  return (
    <Stack gap="xl">
      <Hero />
      {home.isError ? (
        <ErrorState error={home.error} onRetry={() => home.refetch()} />
      ) : (
        <>
          {home.isLoading ? (
            <Skeleton h={260} />
          ) : (
            home.data?.topProduct && <TopProduct product={home.data.topProduct} />
          )}
          <section aria-labelledby="trending-title">
            <Title order={2} id="trending-title" mb="md">
              Trending Products
            </Title>
            {home.isLoading ? (
              <ProductGridSkeleton count={4} />
            ) : home.data!.trending.length > 0 ? (
              <ProductGrid products={home.data!.trending} />
            ) : (
              <Text c="dimmed">No products yet.</Text>
            )}
          </section>
          {home.data && home.data.activeSales.length > 0 && (
            <section aria-labelledby="sales-title">
              <Title order={2} id="sales-title" mb="md">
                Sales
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {home.data.activeSales.map((sale) => (
                  <Card key={sale.code} withBorder component={Link} to={`/saleDetail/${sale.code}`}>
                    <Group justify="space-between">
                      <Text fw={600}>{sale.title}</Text>
                      <Badge color="red">-{sale.percent}%</Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {sale.store.name} · {sale.productCount} products · ends{' '}
                      {formatDayMonthYear(new Date(sale.endsAt))}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </section>
          )}
          <section aria-labelledby="brands-title">
            <Title order={2} id="brands-title" mb="md">
              Shop by Brand
            </Title>
            <Group gap="sm">
              {home.isLoading
                ? Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h={56} w={120} />)
                : home.data!.brands.map((b) => (
                    <UnstyledButton key={b.name} component={Link} to={`/result?brand=${encodeURIComponent(b.name)}`}>
                      <Paper withBorder px="lg" py="sm" radius="md" miw={120} ta="center">
                        <Text fw={800} size="lg" tt="uppercase" style={{ letterSpacing: 1 }}>
                          {b.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {b.productCount} products
                        </Text>
                      </Paper>
                    </UnstyledButton>
                  ))}
            </Group>
          </section>
          <section aria-labelledby="vendors-title">
            <Title order={2} id="vendors-title" mb="md">
              Top Vendors
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
              {home.isLoading
                ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} h={72} />)
                : home.data!.topVendors.map((v) => (
                    <Card key={v.slug} withBorder component={Link} to={`/viewstore/${v.slug}`}>
                      <Text fw={600} truncate>
                        <VisuallyHidden>Store </VisuallyHidden>
                        {v.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {v.unitsSold} sold · {v.productCount} products
                      </Text>
                    </Card>
                  ))}
            </SimpleGrid>
          </section>
        </>
      )}
    </Stack>
  );
}

function Hero() {
  return (
    <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="blue.9" c="white">
      <Title order={1}>Compare prices on phones, laptops and computers</Title>
      <Text mt="sm" maw={640} c="white">
        Our sellers and other stores side by side, with the lowest price first.
      </Text>
      <Group mt="lg">
        <Button component={Link} to="/result?category=mobile" variant="white">
          Mobiles
        </Button>
        <Button component={Link} to="/result?category=laptop" variant="white">
          Laptops
        </Button>
        <Button component={Link} to="/result?category=computer" variant="white">
          Computers
        </Button>
      </Group>
    </Paper>
  );
}

function TopProduct({ product }: { product: Product }) {
  const buy = useBuyProduct();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="top-title">
      <Grid align="center">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Image src={product.image || undefined} alt={product.name} h={240} fit="contain" fallbackSrc="/favicon.svg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="xs">
            <Badge variant="light">Top selling</Badge>
            <Title order={2} id="top-title">
              {product.name}
            </Title>
            <Text c="dimmed" lineClamp={3}>
              {product.description}
            </Text>
            <LowestPrice product={product} size="xl" />
            <StoreCountLine product={product} />
            <Group>
              {product.listingId != null && product.quantity > 0 && (
                <Button onClick={() => buy.addToCart(product.id, true)} loading={buy.adding}>
                  Buy Now
                </Button>
              )}
              <Anchor component={Link} to={`/result/productHub/${product.id}`}>
                View Details
              </Anchor>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
