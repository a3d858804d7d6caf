import { Alert, Badge, Button, Loader, Text } from '@mantine/core';
import { IconExternalLink, IconShoppingCart } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { MatchedBy, ProductOffer } from '@pricehub/shared/schemas/offer';
import { StoreRating } from '../../../components/store-rating';
import { useAddToCartAction } from '../../../hooks/use-add-to-cart';
import { useProductOffers } from '../api/product-offers';
import classes from './compare-prices-table.module.css';

export const matchedByText: Record<MatchedBy, string> = {
  gtin: 'Matched by GTIN',
  name: 'Matched by name and specs',
  seller: 'Chosen by the seller',
};

const buyable = (offer: ProductOffer) => offer.available && offer.inStock;

function StockBadge({ offer }: { offer: ProductOffer }) {
  if (!offer.available) return <Badge color="gray">Unavailable</Badge>;
  return offer.inStock ? <Badge color="green">In Stock</Badge> : <Badge color="red">Out of Stock</Badge>;
}

function Shipping({ offer }: { offer: ProductOffer }) {
  if (offer.shipping === null) return <span className={classes.sub}>Not stated</span>;
  return <>{offer.shipping === 0 ? 'Free' : formatRs(offer.shipping)}</>;
}

/** Our seller's row buys that listing; another store's row opens its page in a new tab. */
function OfferAction({ offer, cart }: { offer: ProductOffer; cart: ReturnType<typeof useAddToCartAction> }) {
  if (offer.kind === 'store' && offer.listingId !== undefined) {
    const listingId = offer.listingId;
    return (
      <Button
        size="xs"
        leftSection={<IconShoppingCart size={14} aria-hidden />}
        onClick={() => cart.add({ listingId })}
        loading={cart.pending?.listingId === listingId}
        disabled={!buyable(offer)}
        aria-label={`Add to Cart from ${offer.store.name}`}
      >
        Add to Cart
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={offer.url}
      target="_blank"
      rel="nofollow noopener"
      size="xs"
      variant="light"
      rightSection={<IconExternalLink size={14} aria-hidden />}
      aria-label={`Visit Store: ${offer.store.name} (opens in a new tab)`}
    >
      Visit Store
    </Button>
  );
}

function StoreCell({ offer }: { offer: ProductOffer }) {
  if (offer.kind === 'store') {
    return (
      <>
        <Link className={classes.store} to={`/viewstore/${offer.store.slug}`}>
          {offer.store.name}
        </Link>
        <span className={classes.sub}>PriceHub seller · “{offer.name}”</span>
      </>
    );
  }
  const offerId = offer.offerId ?? offer.id.replace(/^offer-/, '');
  return (
    <>
      <span className={classes.store}>{offer.store.name}</span>
      <Link className={classes.sub} to={`/result/productDetail/${offerId}`}>
        {offer.name}
      </Link>
    </>
  );
}

/**
 * "Compare prices": every one of our sellers' listings and every other store's offer for the catalogue product, in
 * the server's order (cheapest available first). Each of our rows has its own Add to Cart, which buys that listing.
 */
export function ComparePricesTable({ productId }: { productId: number }) {
  const offers = useProductOffers(productId);
  const cart = useAddToCartAction();
  if (offers.isLoading) return <Loader size="sm" aria-label="Loading offers" />;
  if (offers.isError) return <Alert color="red">Could not load the offers: {offers.error.message}</Alert>;
  const rows = offers.data ?? [];
  if (rows.length === 0) return <Text c="dimmed">No store offers this product yet.</Text>;
  const best = rows.findIndex(buyable);
  return (
    <table className={classes.table} role="table" aria-label="Compare prices" data-testid="compare-prices">
      <thead role="rowgroup">
        <tr role="row">
          {['Store', 'Price', 'Shipping', 'Stock', 'Rating', 'Match'].map((label) => (
            <th key={label} role="columnheader" scope="col">
              {label}
            </th>
          ))}
          <th role="columnheader" scope="col">
            <span className={classes.hidden}>Buy or visit</span>
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((offer, index) => (
          <tr key={offer.id} role="row" data-best={index === best || undefined}>
            <th role="rowheader" scope="row">
              <StoreCell offer={offer} />
            </th>
            <td role="cell" data-label="Price">
              <span>
                <span className={classes.price}>{formatRs(offer.price)}</span>
                {offer.listPrice !== undefined && offer.listPrice > offer.price && (
                  <s className={classes.was} aria-label={`was ${formatRs(offer.listPrice)}`}>
                    {formatRs(offer.listPrice)}
                  </s>
                )}
                {index === best && (
                  <Badge ml={6} size="xs" color="green" variant="light">
                    Lowest price
                  </Badge>
                )}
              </span>
            </td>
            <td role="cell" data-label="Shipping">
              <Shipping offer={offer} />
            </td>
            <td role="cell" data-label="Stock">
              <span className={classes.stock}>
                <StockBadge offer={offer} />
                {offer.kind === 'store' && offer.quantity !== undefined && buyable(offer) && (
                  <span className={classes.sub}>{offer.quantity} left</span>
                )}
              </span>
            </td>
            <td role="cell" data-label="Rating">
              <span>
                {offer.storeRating && <StoreRating rating={offer.storeRating} size="xs" />}
                <span className={offer.storeRating ? classes.sub : undefined}>{offer.ratingText}</span>
              </span>
            </td>
            <td role="cell" data-label="Match">
              <span>
                {matchedByText[offer.matchedBy]}
                {offer.kind === 'external' && (
                  <span className={classes.sub}>
                    checked{' '}
                    <time dateTime={offer.lastCheckedAt}>{dayjs(offer.lastCheckedAt).format('D MMM, HH:mm')}</time>
                  </span>
                )}
              </span>
            </td>
            <td role="cell" className={classes.action}>
              <OfferAction offer={offer} cart={cart} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
