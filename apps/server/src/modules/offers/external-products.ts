import { sql } from 'drizzle-orm';
import { ratingText } from '@pricehub/shared/rules/rating';
import {
  EXTERNAL_PAGE_SIZE,
  offerMessages,
  type MatchedBy,
  type ExternalProductDetail,
  type ExternalProductItem,
  type ExternalProductQuery,
} from '@pricehub/shared/schemas/offer';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { likeText } from '../../db/like';
import { notFound } from '../../http/errors';
import { offerReviews } from '../reviews/repository';
import { summarize } from '../sentiment/service';

/** Another store's offer with its store's name, as the offer pages and a product's comparison read it. */
interface ExternalOfferRow {
  id: number;
  product_id: number;
  store: string;
  store_slug: string;
  url: string;
  name: string;
  price: number;
  in_stock: boolean;
  available: boolean;
  image: string;
  last_checked_at: Date | string;
}

/** The columns of an ExternalOfferRow, read from `offers o join external_stores e`. */
const externalOfferColumns = sql.raw(`o.id, o.product_id, e.name as store, e.slug as store_slug, o.url, o.name,
  o.price, o.in_stock, o.available, o.image, o.last_checked_at`);

/** Every other store's offer of a catalogue product, with how it was matched, for the product's comparison. */
export const productExternalOffers = (db: Db, productId: number) =>
  queryRows<ExternalOfferRow & { matched_by: MatchedBy }>(
    db,
    sql`select ${externalOfferColumns}, o.matched_by
        from offers o join external_stores e on e.id = o.external_store_id
        where o.product_id = ${productId}`,
  );

const toItem = (r: ExternalOfferRow): ExternalProductItem => ({
  id: r.id,
  productId: r.product_id,
  store: r.store,
  storeSlug: r.store_slug,
  url: r.url,
  name: r.name,
  price: r.price,
  inStock: r.in_stock,
  available: r.available,
  image: r.image,
  lastCheckedAt: new Date(r.last_checked_at).toISOString(),
});

/** Newest ingested offers first; `store` matches a store's name or slug, `q` words of the offer's name. */
export async function listExternalProducts(ctx: AppContext, query: ExternalProductQuery) {
  const where = [sql`true`];
  if (query.store) where.push(sql`(lower(e.name) = lower(${query.store}) or e.slug = lower(${query.store}))`);
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    where.push(sql`o.name ilike ${likeText(word)}`);
  }
  const filter = sql.join(where, sql` and `);
  const rows = await queryRows<ExternalOfferRow & { total: number }>(
    ctx.db,
    sql`select ${externalOfferColumns}, count(*) over ()::int as total
        from offers o join external_stores e on e.id = o.external_store_id
        where ${filter}
        order by o.created_at desc, o.id desc
        limit ${EXTERNAL_PAGE_SIZE} offset ${(query.page - 1) * EXTERNAL_PAGE_SIZE}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [count] = await queryRows<{ total: number }>(
      ctx.db,
      sql`select count(*)::int as total from offers o join external_stores e on e.id = o.external_store_id where ${filter}`,
    );
    total = count?.total ?? 0;
  }
  return { items: rows.map(toItem), total, pageSize: EXTERNAL_PAGE_SIZE };
}

export async function externalProductDetail(ctx: AppContext, id: number): Promise<ExternalProductDetail> {
  const [row] = await queryRows<
    ExternalOfferRow & { description: string | null; brand: string; rating_value: number | null; rating_count: number }
  >(
    ctx.db,
    sql`select ${externalOfferColumns}, o.description, o.brand, o.rating_value, o.rating_count
        from offers o join external_stores e on e.id = o.external_store_id where o.id = ${id}`,
  );
  if (!row) throw notFound(offerMessages.offerNotFound);
  const reviews = await offerReviews(ctx.db, id);
  const score = summarize(reviews.map((r) => Number(r.sentimentScore)));
  return {
    ...toItem(row),
    description: row.description?.trim() || offerMessages.notAvailable,
    brand: row.brand,
    ratingValue: row.rating_value === null ? null : Number(row.rating_value),
    ratingCount: row.rating_count,
    reviews: reviews.map((r) => ({ author: r.author, text: r.text, rating: r.rating })),
    score,
    ratingText: ratingText(score),
  };
}
