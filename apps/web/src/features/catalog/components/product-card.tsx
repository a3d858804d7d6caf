import { Badge, Skeleton } from '@mantine/core';
import type { SyntheticEvent } from 'react';
import { Link } from 'react-router';
import type { Product } from '@pricehub/shared/schemas/product';
import classes from './product-card.module.css';
import { LowestPrice, StoreCountLine } from './price-tag';

const FALLBACK_IMAGE = '/favicon.svg';

/** A missing or broken picture shows the shop's mark instead of a broken-image icon. */
function showFallback(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(FALLBACK_IMAGE)) image.src = FALLBACK_IMAGE;
}

/**
 * One catalogue product in a grid: image, name, the lowest price among available offers and how many stores offer
 * it, View Details. A store page's cards are that store's listings: they open their catalogue product too.
 */
export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  return (
    <article className={classes.card} aria-label={product.name}>
      <div className={classes.media}>
        <img
          src={product.thumbnail || product.image || FALLBACK_IMAGE}
          alt={product.name}
          // The first cards of a results page are its largest paint: fetched at once, not after layout.
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onError={showFallback}
        />
      </div>
      <div className={classes.body}>
        <div className={classes.meta}>
          <span className={classes.brand}>{product.brand}</span>
          {product.stock === 'outofstock' && (
            <Badge color="red" variant="light" size="sm">
              Out of Stock
            </Badge>
          )}
          {product.sale && (
            <Badge color="red" size="sm">
              -{product.sale.percent}%
            </Badge>
          )}
        </div>
        <p className={classes.name}>{product.name}</p>
        <LowestPrice product={product} />
        <StoreCountLine product={product} />
      </div>
      <Link
        className={classes.action}
        to={`/result/productHub/${product.productId ?? product.id}`}
        aria-label={`View Details: ${product.name}`}
      >
        View Details
      </Link>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className={classes.skeleton} aria-hidden>
      <Skeleton h={180} />
      <Skeleton h={12} mt="sm" w="40%" />
      <Skeleton h={16} mt={6} />
      <Skeleton h={16} mt={6} w="50%" />
      <Skeleton h={34} mt="sm" />
    </div>
  );
}
