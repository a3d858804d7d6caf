import { sql, type SQL } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import { ratingText } from '@pricehub/shared/rules/rating';
import type { HomePayload, Product, ProductDetail, StorePage, StorePageQuery } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { openStoreSlugs, openStoresSql, storeBySlug } from '../accounts/queries';
import { productReviews } from '../reviews/repository';
import { storeRating } from '../reviews/store-rating';
import { listActiveSales } from '../sales/pricing';
import { summarize } from '../sentiment/service';
import { brandCounts } from './brands';
import { cached } from '../../cache/catalogue-cache';
import { loadProducts, visibleProduct } from './repository';

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
  const [row] = await queryRows<{ visible: boolean | null; lowest_price: number | null; moved_to: number | null }>(
    db,
    sql`select p.visible, p.lowest_price,
          coalesce((select l.product_id from listings l where l.id = ${id} and l.product_id <> ${id}),
                   (select r.to_id from product_redirects r where r.from_id = ${id})) as moved_to
        from (select 1) one left join products p on p.id = ${id}`,
  );
  if (row?.visible) return { kind: 'product', id, lowestPrice: row.lowest_price ?? 0 };
  if (row?.moved_to != null) return { kind: 'moved', to: row.moved_to };
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
  const ranked = (band: SQL) =>
    queryRows<{ id: number }>(
      db,
      sql`select p.id from products p
          where p.category = ${product.category} and p.id <> ${product.id} and ${visibleProduct('p')} ${band}
          order by (abs(p.lowest_price::bigint - ${price}) * 10 <= ${price}::bigint * 3) desc,
                   (p.brand = ${product.brand}) desc,
                   ((p.ram_gb = ${product.ram})::int + (p.storage_gb = ${product.storage})::int) desc,
                   abs(p.lowest_price::bigint - ${price}) asc, p.id asc
          limit ${RECOMMENDATIONS}`,
    );
  // Products within ±30% of the price come first whatever else they are, so when there are enough of them they are
  // the answer: read from the category's price index instead of ranking the whole category (140 ms at 100k products).
  let rows = await ranked(
    sql`and p.lowest_price between ${Math.floor(price * 0.7)} and ${Math.ceil(price * 1.3)}
        and abs(p.lowest_price::bigint - ${price}) * 10 <= ${price}::bigint * 3`,
  );
  if (rows.length < RECOMMENDATIONS) rows = await ranked(sql``);
  return loadProducts(
    db,
    rows.map((r) => r.id),
    now,
  );
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
  const [product] = await queryRows<{ id: number; views: number }>(
    ctx.db,
    sql`select p.id, p.views from products p
        where p.id = coalesce((select id from products where id = ${id}),
                              (select product_id from listings where id = ${id}),
                              (select to_id from product_redirects where from_id = ${id}))`,
  );
  if (!product) throw notFound(messages.product.notFound);
  const [row] = await queryRows<{ views: number }>(
    ctx.db,
    sql`with counted as (
          insert into product_views (product_id, viewer_key, viewed_at) values (${product.id}, ${viewerKey}, ${now})
          on conflict (product_id, viewer_key) do update set viewed_at = excluded.viewed_at
            where product_views.viewed_at <= ${cutoff}
          returning 1
        )
        update products set views = views + 1 where id = ${product.id} and exists (select 1 from counted)
        returning views`,
  );
  return row ? { counted: true, views: row.views } : { counted: false, views: product.views };
}

export function homePayload(ctx: AppContext): Promise<HomePayload> {
  return cached('home', async () => {
    const db = ctx.db;
    const ranked = (order: ReturnType<typeof sql>, limit: number) =>
      queryRows<{ id: number }>(
        db,
        sql`select p.id from products p where ${visibleProduct('p')} order by ${order} limit ${limit}`,
      );
    const [top] = await ranked(sql`p.units_sold desc, p.views desc, p.id asc`, 1);
    const trendingIds = await ranked(sql`p.views desc, p.units_sold desc, p.id asc`, 10);
    // Vendors by the units their listings sold; products counted once each however often the store lists them.
    const vendors = await queryRows<{ slug: string; name: string; units_sold: number; product_count: number }>(
      db,
      sql`select s.slug, s.name, coalesce(sum(l.units_sold), 0)::int as units_sold,
            count(distinct l.product_id)::int as product_count
          from ${openStoresSql} s left join listings l on l.store_id = s.id
          group by s.id, s.slug, s.name order by units_sold desc, product_count desc, s.id asc limit 10`,
    );
    const loaded = await loadProducts(db, [...(top ? [top.id] : []), ...trendingIds.map((r) => r.id)], ctx.now());
    const sales = await listActiveSales(db, ctx.now());
    return {
      topProduct: top ? (loaded[0] ?? null) : null,
      trending: top ? loaded.slice(1) : loaded,
      brands: (await brandCounts(db)).slice(0, 24),
      topVendors: vendors.map((v) => ({
        slug: v.slug,
        name: v.name,
        unitsSold: v.units_sold,
        productCount: v.product_count,
      })),
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
  const ids = open
    ? await queryRows<{ id: number }>(
        ctx.db,
        sql`select l.product_id as id from listings l where l.store_id = ${store.id}
            group by l.product_id order by max(l.created_at) desc, l.product_id desc
            limit ${pageSize} offset ${(page - 1) * pageSize}`,
      )
    : [];
  const [counted] = open
    ? await queryRows<{ total: number }>(
        ctx.db,
        sql`select count(distinct l.product_id)::int as total from listings l where l.store_id = ${store.id}`,
      )
    : [];
  return {
    store: {
      slug: store.slug,
      name: store.name,
      status: store.status === 'suspended' ? 'unavailable' : store.status,
      description: store.description,
      createdAt: new Date(store.createdAt).toISOString(),
      rating: await storeRating(ctx.db, store.id),
    },
    // Each card describes this store's listing (its price, stock and "Add to Cart"), with every store's lowest price.
    products: await loadProducts(
      ctx.db,
      ids.map((r) => r.id),
      ctx.now(),
      { storeId: store.id },
    ),
    total: counted?.total ?? 0,
    page,
    pageSize,
  };
}

/** What /sitemap.xml lists: visible catalogue products, each once (most recently changed first), and open stores. */
export async function sitemapEntries(
  db: Db,
): Promise<{ products: { id: number; updatedAt: string }[]; stores: string[] }> {
  const products = await queryRows<{ id: number; updated_at: Date | string }>(
    db,
    sql`select p.id, p.updated_at from products p where ${visibleProduct('p')} order by p.updated_at desc limit 45000`,
  );
  return {
    products: products.map((p) => ({ id: p.id, updatedAt: new Date(p.updated_at).toISOString() })),
    stores: await openStoreSlugs(db),
  };
}
