import { SimpleGrid } from '@mantine/core';
import type { Product } from '@pricehub/shared/schemas/product';
import { ProductCard, ProductCardSkeleton } from './product-card';

const cols = { base: 1, xs: 2, sm: 3, lg: 4 };

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <SimpleGrid cols={cols} spacing="md">
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </SimpleGrid>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <SimpleGrid cols={cols} spacing="md" aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}
