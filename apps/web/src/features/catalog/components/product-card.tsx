import { Badge, Button, Card, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Product } from '@pricehub/shared/schemas/product';
import { PriceTag, StoreCountLine } from './price-tag';

/** One product in a grid: image, name, price (lowest across stores), stock, View Details. */
export function ProductCard({ product }: { product: Product }) {
  const to = `/result/productHub/${product.id}`;
  return (
    <Card withBorder radius="md" padding="sm" h="100%" component="article" aria-label={product.name}>
      <Card.Section>
        <Image
          src={product.thumbnail || product.image || undefined}
          alt={product.name}
          h={180}
          fit="contain"
          loading="lazy"
          fallbackSrc="/favicon.svg"
          bg="gray.0"
        />
      </Card.Section>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" tt="uppercase">
            {product.brand}
          </Text>
          {product.stock === 'outofstock' && (
            <Badge color="red" variant="light" size="sm">
              Out of Stock
            </Badge>
          )}
          {product.sale && (
            <Badge color="orange" size="sm">
              -{product.sale.percent}%
            </Badge>
          )}
        </Group>
        <Text fw={600} lineClamp={2}>
          {product.name}
        </Text>
        <PriceTag product={product} />
        <StoreCountLine product={product} />
      </Stack>
      <Button component={Link} to={to} variant="light" mt="sm" fullWidth aria-label={`View Details: ${product.name}`}>
        View Details
      </Button>
    </Card>
  );
}

export function ProductCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="sm" aria-hidden>
      <Skeleton h={180} />
      <Skeleton h={12} mt="sm" w="40%" />
      <Skeleton h={16} mt={6} />
      <Skeleton h={16} mt={6} w="50%" />
      <Skeleton h={34} mt="sm" />
    </Card>
  );
}
