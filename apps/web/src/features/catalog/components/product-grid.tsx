import { SimpleGrid } from '@mantine/core';
import type { Product } from '@pricehub/shared/schemas/product';
import { ProductCard, ProductCardSkeleton } from './product-card';

const cols = { base: 1, xs: 2, sm: 3, lg: 4 };

/** `priorityImages`: how many of the first cards' images to fetch at once (those on the first screen). */
export function ProductGrid({ products, priorityImages = 0 }: { products: Product[]; priorityImages?: number }) {
  return (
    <SimpleGrid cols={cols} spacing="md">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} priority={i < priorityImages} />
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
