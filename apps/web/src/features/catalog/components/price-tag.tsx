import { Group, Text } from '@mantine/core';
import { formatRs } from '@pricehub/shared/rules/money';
import type { Product } from '@pricehub/shared/schemas/product';

/** The price, or during a sale the sale price beside the struck-through price. */
export function PriceTag({ product, size = 'md' }: { product: Product; size?: 'sm' | 'md' | 'xl' }) {
  if (product.salePrice !== undefined && product.salePrice < product.price) {
    return (
      <Group gap="xs" wrap="wrap">
        <Text fw={700} size={size} c="red.7">
          {formatRs(product.salePrice)}
        </Text>
        <Text size="sm" c="dimmed" td="line-through" aria-label={`was ${formatRs(product.price)}`}>
          {formatRs(product.price)}
        </Text>
      </Group>
    );
  }
  return (
    <Text fw={700} size={size}>
      {formatRs(product.price)}
    </Text>
  );
}

/** "from Rs X at N stores" once other stores offer the product. */
export function StoreCountLine({ product }: { product: Product }) {
  if (!product.storeCount || product.storeCount < 2 || product.lowestPrice === undefined) return null;
  return (
    <Text size="xs" c="dimmed">
      from {formatRs(product.lowestPrice)} at {product.storeCount} stores
    </Text>
  );
}
