import { messages } from '@pricehub/shared/messages';
import { ratingText } from '@pricehub/shared/rules/rating';
import type { HomePayload, Product, ProductDetail, StorePage, StorePageQuery } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { openStoreSlugs, storeBySlug } from '../accounts/queries';
import { productReviews } from '../reviews/repository';
import { storeRating } from '../reviews/store-rating';
import { listActiveSales } from '../sales/pricing';
import { summarize } from '../sentiment/service';
import { brandCounts } from './brands';
import { storeListsProductSql } from './queries';
import { cached } from '../../cache/catalogue-cache';
import {
  bestSellingProductIds,
  countView,
  loadProducts,
  productLocation,
  recommendedProductIds,
  sitemapProducts,
  storeProductCount,
  storeProductIds,
  topVendors,
  trendingProductIds,
  viewedProduct,
} from './repository';

const RECOMMENDATIONS = 7;
/** A repeat view by the same viewer within this window is not counted again. */
export const VIEW_WINDOW_MINUTES = 10;

/** Where a product id leads: a catalogue product shoppers can see, or the catalogue product an old id moved to. */
export type ProductLocation = { kind: 'product'; id: number; lowestPrice: number } | { kind: 'moved'; to: number };

/**
 * Reads an id from a product URL. A visible catalogue product is itself; an id that names one of our listings (the
 * product URLs of the days before the catalogue) or a product merged into another (product_redirects) leads to
 * its catalogue product; anything else, or a product nobody sells now, is not found. One statement.
 */
export async function locateProduct(db: Db, id: number): Promise<ProductLocation> {
  const row = await productLocation(db, id);
  if (row.visible) return { kind: 'product', id, lowestPrice: row.lowestPrice ?? 0 };
  if (row.movedTo != null) return { kind: 'moved', to: row.movedTo };
  throw notFound(messages.product.notFound);
}

/** The catalogue product's page: its card, reviews, review score and recommendations (call locateProduct first). */
export async function productDetail(
  ctx: AppContext,
  location: { id: number; lowestPrice: number },
): Promise<ProductDetail> {
  const { id } = location;
  const [product] = await loadProducts(ctx.db, [id], ctx.now());
  if (!product) throw notFound(messages.product.notFound);
  const reviews = await productReviews(ctx.db, id);
  const score = summarize(reviews.map((r) => Number(r.sentimentScore)));
  return {
    ...product,
    reviews: reviews.map((r) => ({
      id: r.id,
      author: r.author,
      rating: r.rating,
      text: r.text,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    score,
    ratingText: ratingText(score),
    recommendations: await recommendations(ctx.db, product, location.lowestPrice, ctx.now()),
  };
}

/**
 * The spec's getRecProduct over catalogue products: same category, never the product itself (each product once);
 * within ±30% of its lowest price first, then the same brand, then the same RAM/storage, then the closest price.
 */
async function recommendations(db: Db, product: Product, price: number, now: Date): Promise<Product[]> {
  // Products within ±30% of the price come first whatever else they are, so when there are enough of them they are
  // the answer: read from the category's price index instead of ranking the whole category (140 ms at 100k products).
  let ids = await recommendedProductIds(db, product, price, RECOMMENDATIONS, true);
  if (ids.length < RECOMMENDATIONS) ids = await recommendedProductIds(db, product, price, RECOMMENDATIONS, false);
  return loadProducts(db, ids, now);
}

/**
 * Counts a view unless this viewer was counted for this product in the last 10 minutes. One statement: the
 * upsert only touches a stale row, and the counter moves only when it did.
 */
export async function recordView(
  ctx: AppContext,
  id: number,
  viewerKey: string,
): Promise<{ counted: boolean; views: number }> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - VIEW_WINDOW_MINUTES * 60_000);
  // An old id (a listing's, a merged product's) counts on the catalogue product whose page it opens.
  const product = await viewedProduct(ctx.db, id);
  if (!product) throw notFound(messages.product.notFound);
  const row = await countView(ctx.db, { productId: product.id, viewerKey, viewedAt: now, cutoff });
  return row ? { counted: true, views: row.views } : { counted: false, views: product.views };
}

export function homePayload(ctx: AppContext): Promise<HomePayload> {
  return cached('home', async () => {
    const db = ctx.db;
    const [top] = await bestSellingProductIds(db, 1);
    const trendingIds = await trendingProductIds(db, 10);
    const vendors = await topVendors(db, 10);
    const loaded = await loadProducts(db, [...(top !== undefined ? [top] : []), ...trendingIds], ctx.now());
    const sales = await listActiveSales(db, ctx.now());
    return {
      topProduct: top !== undefined ? (loaded[0] ?? null) : null,
      trending: top !== undefined ? loaded.slice(1) : loaded,
      brands: (await brandCounts(db)).slice(0, 24),
      topVendors: vendors,
      activeSales: sales.map((s) => ({ ...s, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() })),
    };
  });
}

/** A store's page: one page of the catalogue products it lists, newest listing first, each once. */
export async function storePage(
  ctx: AppContext,
  slug: string,
  { page, pageSize }: StorePageQuery = { page: 1, pageSize: 500 },
): Promise<StorePage> {
  const store = await storeBySlug(ctx.db, slug);
  if (!store) throw notFound('Store not found');
  const open = store.status === 'open';
  const ids = open ? await storeProductIds(ctx.db, store.id, { page, pageSize }) : [];
  const total = open ? await storeProductCount(ctx.db, store.id) : 0;
  return {
    store: {
      slug: store.slug,
      name: store.name,
      status: store.status === 'suspended' ? 'unavailable' : store.status,
      description: store.description,
      createdAt: new Date(store.createdAt).toISOString(),
      rating: await storeRating(ctx.db, store.id, storeListsProductSql),
    },
    // Each card describes this store's listing (its price, stock and "Add to Cart"), with every store's lowest price.
    products: await loadProducts(ctx.db, ids, ctx.now(), { storeId: store.id }),
    total,
    page,
    pageSize,
  };
}

/** What /sitemap.xml lists: visible catalogue products, each once (most recently changed first), and open stores. */
export async function sitemapEntries(
  db: Db,
): Promise<{ products: { id: number; updatedAt: string }[]; stores: string[] }> {
  const products = await sitemapProducts(db);
  return {
    products: products.map((p) => ({ id: p.id, updatedAt: new Date(p.updatedAt).toISOString() })),
    stores: await openStoreSlugs(db),
  };
}
