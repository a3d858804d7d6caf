import { formatRs } from '@pricehub/shared/rules/money';
import type { Product } from '@pricehub/shared/schemas/product';
import classes from './price-tag.module.css';

/** One listing's price, or during a sale the sale price beside the struck-through price. */
export function PriceTag({ product, size = 'md' }: { product: Product; size?: 'sm' | 'md' | 'xl' }) {
  if (product.salePrice !== undefined && product.salePrice < product.price) {
    return (
      <div className={classes.sale}>
        <span className={classes.price} data-size={size}>
          {formatRs(product.salePrice)}
        </span>
        <s className={classes.was} aria-label={`was ${formatRs(product.price)}`}>
          {formatRs(product.price)}
        </s>
      </div>
    );
  }
  return (
    <div className={classes.price} data-size={size}>
      {formatRs(product.price)}
    </div>
  );
}

/**
 * A catalogue product's price: the lowest among available offers (ours and other stores'). When that lowest is our
 * own listing on sale, the price it was shows struck through beside it.
 */
export function LowestPrice({ product, size = 'md' }: { product: Product; size?: 'sm' | 'md' | 'xl' }) {
  const lowest = product.lowestPrice;
  const oursOnSale = product.listingId != null && product.salePrice !== undefined && product.salePrice === lowest;
  const price =
    lowest == null || oursOnSale ? (
      <PriceTag product={product} size={size} />
    ) : (
      <div className={classes.price} data-size={size}>
        {formatRs(lowest)}
      </div>
    );
  if ((product.offerCount ?? product.storeCount ?? 0) < 2) return price;
  return (
    <div className={classes.lowest}>
      <span className={classes.from}>from</span>
      {price}
    </div>
  );
}

/** How many stores offer it now: "at 3 stores" (the price above is the lowest of them). */
export function StoreCountLine({ product }: { product: Product }) {
  const count = product.offerCount ?? product.storeCount;
  if (!count) return null;
  return <div className={classes.stores}>at {count === 1 ? '1 store' : `${count} stores`}</div>;
}
