import { sql } from 'drizzle-orm';
import { SHIPPING_FEE } from '@pricehub/shared/rules/money';
import { ratingText } from '@pricehub/shared/rules/rating';
import { offerMessages, type PriceHistory, type ProductOffer } from '@pricehub/shared/schemas/offer';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { inStockListingsOf, listingPriceSeriesSql, openListingsOf, shownProductOf } from '../catalog/listing-prices';
import { storeListsProductSql } from '../catalog/queries';
import { productExternalOffers } from '../offers/external-products';
import { lowestOfferPrices, offerPriceSeriesSql } from '../offers/queries';
import { offerSentiments } from '../reviews/repository';
import { storeRatings, storeSentiments } from '../reviews/store-rating';
import { activeSales, unitPrice } from '../sales/pricing';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The catalogue product an id names, for shoppers: the product itself, or, for the id of a listing or of a product
 * merged into another, the product to redirect to (`moved`). 404 when there is none or shoppers cannot see it.
 */
export async function resolveCatalogueProduct(db: Db, id: number): Promise<{ productId: number; moved: boolean }> {
  const row = await shownProductOf(db, id);
  if (!row) throw notFound(offerMessages.productNotFound);
  return { productId: row.id, moved: row.moved };
}

/**
 * Every offer for a catalogue product: our sellers' listings (sale price applied, Rs 50 shipping) and other stores'
 * offers, cheapest available first. `productId` must be a catalogue product's id (resolveCatalogueProduct).
 */
export async function productOffers(ctx: AppContext, productId: number): Promise<ProductOffer[]> {
  const own = await openListingsOf(ctx.db, productId);
  const sales = await activeSales(
    ctx.db,
    own.map((l) => l.id),
    ctx.now(),
  );
  const external = await productExternalOffers(ctx.db, productId);
  const ownStores = [...new Set(own.map((l) => l.store_id))];
  const stores = await storeSentiments(ctx.db, ownStores);
  const ratings = await storeRatings(ctx.db, ownStores, storeListsProductSql);
  const offerScores = await offerSentiments(
    ctx.db,
    external.map((o) => o.id),
  );
  const none = { positive: 0, negative: 0 };
  const rows: ProductOffer[] = [
    ...own.map((l): ProductOffer => {
      const sale = sales.get(l.id);
      return {
        id: `store-${l.id}`,
        kind: 'store',
        listingId: l.id,
        store: { name: l.store_name, slug: l.store_slug },
        url: `/viewstore/${l.store_slug}`,
        name: l.name,
        price: unitPrice(l.price, sale),
        ...(sale ? { listPrice: l.price } : {}),
        shipping: SHIPPING_FEE,
        inStock: l.stock === 'instock' && l.quantity > 0,
        quantity: l.quantity,
        available: true,
        ratingText: ratingText(stores.get(l.store_id) ?? none),
        storeRating: ratings.get(l.store_id),
        matchedBy: l.matched_by,
        lastCheckedAt: iso(l.updated_at),
      };
    }),
    ...external.map((o): ProductOffer => ({
      id: `offer-${o.id}`,
      kind: 'external',
      offerId: o.id,
      store: { name: o.store, slug: o.store_slug },
      url: o.url,
      name: o.name,
      price: o.price,
      shipping: null,
      inStock: o.in_stock,
      available: o.available,
      ratingText: ratingText(offerScores.get(o.id) ?? none),
      matchedBy: o.matched_by,
      lastCheckedAt: iso(o.last_checked_at),
    })),
  ];
  const rank = (o: ProductOffer) => (o.available ? 0 : 2) + (o.inStock ? 0 : 1);
  return rows.sort((a, b) => rank(a) - rank(b) || a.price - b.price || a.store.name.localeCompare(b.store.name));
}

/**
 * What each catalogue product costs a shopper today (sale prices applied, in-stock offers only; null when nothing
 * is in stock), for many products at once: price alerts read this after every refresh.
 */
export async function lowestPricesNow(ctx: AppContext, productIds: number[]): Promise<Map<number, number | null>> {
  const result = new Map<number, number | null>(productIds.map((id) => [id, null]));
  if (productIds.length === 0) return result;
  const listings = await inStockListingsOf(ctx.db, productIds);
  const sales = await activeSales(
    ctx.db,
    listings.map((l) => l.id),
    ctx.now(),
  );
  const external = await lowestOfferPrices(ctx.db, productIds);
  const prices = [
    ...listings.map((l) => ({ productId: l.product_id, price: unitPrice(l.price, sales.get(l.id)) })),
    ...external.map((o) => ({ productId: o.product_id, price: o.price })),
  ];
  for (const { productId, price } of prices) {
    const low = result.get(productId);
    if (low === null || low === undefined || price < low) result.set(productId, price);
  }
  return result;
}

/**
 * One line per listing and per external offer (every recorded price) and the lowest in-stock price over time,
 * stepping at each recorded change. `productId` must be a catalogue product's id.
 */
export async function priceHistory(ctx: AppContext, productId: number): Promise<PriceHistory> {
  const listings = await openListingsOf(ctx.db, productId);
  // Offers' and listings' series in one statement, each owner handing in its part.
  const id = sql`${productId}`;
  const points = await queryRows<{
    series: string;
    store: string;
    price: number;
    in_stock: boolean;
    recorded_at: Date | string;
  }>(
    ctx.db,
    sql`select series, store, price, in_stock, recorded_at from ${offerPriceSeriesSql(id)} op
        union all
        select series, store, price, in_stock, recorded_at from ${listingPriceSeriesSql(id)} lp
        order by recorded_at, series`,
  );
  // A listing with no recorded price yet (listed before prices were recorded) still shows its price today.
  const recorded = new Set(points.map((p) => p.series));
  for (const l of listings) {
    if (!recorded.has(`store-${l.id}`)) {
      points.push({
        series: `store-${l.id}`,
        store: l.store_name,
        price: l.price,
        in_stock: l.stock === 'instock' && l.quantity > 0,
        recorded_at: l.updated_at,
      });
    }
  }
  points.sort((a, b) => new Date(a.recorded_at).getTime() - new Date(b.recorded_at).getTime());

  const series = new Map<string, { store: string; points: { date: string; price: number }[] }>();
  const current = new Map<string, number | null>();
  const lowest: { date: string; price: number }[] = [];
  for (const p of points) {
    const date = iso(p.recorded_at);
    let line = series.get(p.series);
    if (!line) series.set(p.series, (line = { store: p.store, points: [] }));
    if (p.in_stock) line.points.push({ date, price: p.price });
    current.set(p.series, p.in_stock ? p.price : null);
    const prices = [...current.values()].filter((v): v is number => v !== null);
    const low = prices.length ? Math.min(...prices) : null;
    if (low === null) continue;
    const last = lowest.at(-1);
    if (last && last.date === date) last.price = low;
    else if (!last || last.price !== low) lowest.push({ date, price: low });
  }
  return { series: [...series.values()].filter((s) => s.points.length > 0), lowest };
}
