import { sql } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import { ratingText } from '@pricehub/shared/rules/rating';
import type { HomePayload, Product, ProductDetail, StorePage } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { listActiveSales } from '../sales/pricing';
import { summarize } from '../sentiment/service';
import { brandCounts } from './brands';
import { cached } from './cache';
import { loadProducts, visibleProduct } from './repository';

const RECOMMENDATIONS = 7;
/** A repeat view by the same viewer within this window is not counted again. */
export const VIEW_WINDOW_MINUTES = 10;

export async function productDetail(ctx: AppContext, id: number): Promise<ProductDetail> {
  const [visible] = await queryRows<{ id: number }>(
    ctx.db,
    sql`select p.id from products p where p.id = ${id} and ${visibleProduct('p')}`,
  );
  if (!visible) throw notFound(messages.product.notFound);
  const [product] = await loadProducts(ctx.db, [id], ctx.now());
  const reviews = await queryRows<{
    id: number;
    author: string;
    rating: number | null;
    text: string;
    sentiment_score: number;
    created_at: Date | string;
  }>(
    ctx.db,
    sql`select id, author, rating, text, sentiment_score, created_at from reviews
        where product_id = ${id} order by created_at desc, id desc limit 100`,
  );
  const score = summarize(reviews.map((r) => Number(r.sentiment_score)));
  return {
    ...product!,
    reviews: reviews.map((r) => ({
      id: r.id,
      author: r.author,
      rating: r.rating,
      text: r.text,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    score,
    ratingText: ratingText(score),
    recommendations: await recommendations(ctx.db, product!, ctx.now()),
  };
}

/**
 * The spec's getRecProduct: same category, never the product itself; within ±30% of its price first, then the
 * same brand, then the same RAM/storage, then the closest price.
 */
async function recommendations(db: Db, product: Product, now: Date): Promise<Product[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p
        where p.category = ${product.category} and p.id <> ${product.id} and ${visibleProduct('p')}
        order by (abs(p.price - ${product.price}) * 10 <= ${product.price} * 3) desc,
                 (p.brand = ${product.brand}) desc,
                 ((p.ram_gb = ${product.ram})::int + (p.storage_gb = ${product.storage})::int) desc,
                 abs(p.price - ${product.price}) asc, p.id asc
        limit ${RECOMMENDATIONS}`,
  );
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
  productId: number,
  viewerKey: string,
): Promise<{ counted: boolean; views: number }> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - VIEW_WINDOW_MINUTES * 60_000);
  const [exists] = await queryRows<{ views: number }>(ctx.db, sql`select views from products where id = ${productId}`);
  if (!exists) throw notFound(messages.product.notFound);
  const [row] = await queryRows<{ views: number }>(
    ctx.db,
    sql`with counted as (
          insert into product_views (product_id, viewer_key, viewed_at) values (${productId}, ${viewerKey}, ${now})
          on conflict (product_id, viewer_key) do update set viewed_at = excluded.viewed_at
            where product_views.viewed_at <= ${cutoff}
          returning 1
        )
        update products set views = views + 1 where id = ${productId} and exists (select 1 from counted)
        returning views`,
  );
  return row ? { counted: true, views: row.views } : { counted: false, views: exists.views };
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
    const vendors = await queryRows<{ slug: string; name: string; units_sold: number; product_count: number }>(
      db,
      sql`select s.slug, s.name, coalesce(sum(p.units_sold), 0)::int as units_sold, count(p.id)::int as product_count
          from stores s left join products p on p.store_id = s.id
          where s.status = 'open'
          group by s.id order by units_sold desc, product_count desc, s.id asc limit 10`,
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

export async function storePage(ctx: AppContext, slug: string): Promise<StorePage> {
  const [store] = await queryRows<{
    id: number;
    slug: string;
    name: string;
    status: 'open' | 'closed';
    description: string;
    created_at: Date | string;
  }>(ctx.db, sql`select id, slug, name, status, description, created_at from stores where slug = ${slug}`);
  if (!store) throw notFound('Store not found');
  const ids =
    store.status === 'open'
      ? await queryRows<{ id: number }>(
          ctx.db,
          sql`select id from products where store_id = ${store.id} order by created_at desc, id desc limit 500`,
        )
      : [];
  return {
    store: {
      slug: store.slug,
      name: store.name,
      status: store.status,
      description: store.description,
      createdAt: new Date(store.created_at).toISOString(),
    },
    products: await loadProducts(
      ctx.db,
      ids.map((r) => r.id),
      ctx.now(),
    ),
  };
}

/** What /sitemap.xml lists: visible products (most recently changed first) and open stores. */
export async function sitemapEntries(
  db: Db,
): Promise<{ products: { id: number; updatedAt: string }[]; stores: string[] }> {
  const products = await queryRows<{ id: number; updated_at: Date | string }>(
    db,
    sql`select p.id, p.updated_at from products p where ${visibleProduct('p')} order by p.updated_at desc limit 45000`,
  );
  const stores = await queryRows<{ slug: string }>(db, sql`select slug from stores where status = 'open' order by id`);
  return {
    products: products.map((p) => ({ id: p.id, updatedAt: new Date(p.updated_at).toISOString() })),
    stores: stores.map((s) => s.slug),
  };
}
