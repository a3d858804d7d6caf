import { formatRs } from '@pricehub/shared/rules/money';
import type { Product } from '@pricehub/shared/schemas/product';
import classes from './price-tag.module.css';

/** The price, or during a sale the sale price beside the struck-through price. */
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

/** "from Rs X at N stores" once other stores offer the product. */
export function StoreCountLine({ product }: { product: Product }) {
  if (!product.storeCount || product.storeCount < 2 || product.lowestPrice === undefined) return null;
  return (
    <div className={classes.stores}>
      from {formatRs(product.lowestPrice)} at {product.storeCount} stores
    </div>
  );
}
