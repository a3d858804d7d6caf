import { sql, type SQL } from 'drizzle-orm';
import type { StoreRating } from '@pricehub/shared/schemas/offer';
import { idList, queryRows, type Db } from '../../db/client';

/**
 * SQL that is true when store `storeId` lists catalogue product `productId`: the catalogue's `storeListsProductSql`
 * (catalog/queries.ts), handed in by each caller because the catalogue imports this module for its store page.
 */
export type StoreListsProduct = (storeId: SQL, productId: SQL) => SQL;

/**
 * The reviews (aliased `r`) that rate store `storeId`, one definition for the seller's dashboard and for shoppers:
 * reviews with stars of what this store sold (written from one of its order lines, which the review keeps with the
 * store), and reviews written without an order (the demo's, and those from before orders were kept) of a catalogue
 * product this store lists.
 */
const storeReviewsWhere = (storeId: SQL, listsProduct: StoreListsProduct) =>
  // An OR of two lookups per review, not IN (the store's listings): a store listing 12,000 products made the IN a
  // 60-150 ms hash of its listings for every store on a product's offers.
  sql`r.rating is not null and r.hidden_at is null and (
        (r.order_line_id is not null and r.store_id = ${storeId})
        or (r.order_line_id is null
            and ${listsProduct(storeId, sql`r.product_id`)}))`;

/** The mean of those reviews' stars, to one decimal (null when there are none), as SQL for one store. */
export const storeAverageRatingSql = (storeId: SQL, listsProduct: StoreListsProduct) =>
  sql`(select round(avg(r.rating)::numeric, 1)::float8 from reviews r
       where ${storeReviewsWhere(storeId, listsProduct)})`;

const none: StoreRating = { average: null, count: 0 };

/** Each store's rating and the number of ratings it is the mean of; stores without any answer `{null, 0}`. */
export async function storeRatings(
  db: Db,
  storeIds: number[],
  listsProduct: StoreListsProduct,
): Promise<Map<number, StoreRating>> {
  const ratings = new Map<number, StoreRating>();
  if (storeIds.length === 0) return ratings;
  const rows = await queryRows<{ id: number; average: number | null; count: number }>(
    db,
    sql`select s.id, x.average, x.count
        from (select distinct value::int as id from json_array_elements_text(${JSON.stringify(storeIds)}::json)) s
        cross join lateral (
          select round(avg(r.rating)::numeric, 1)::float8 as average, count(*)::int as count
          from reviews r where ${storeReviewsWhere(sql`s.id`, listsProduct)}
        ) x`,
  );
  for (const r of rows) ratings.set(r.id, { average: r.average === null ? null : Number(r.average), count: r.count });
  for (const id of storeIds) if (!ratings.has(id)) ratings.set(id, none);
  return ratings;
}

export async function storeRating(db: Db, storeId: number, listsProduct: StoreListsProduct): Promise<StoreRating> {
  return (await storeRatings(db, [storeId], listsProduct)).get(storeId) ?? none;
}

/**
 * Positive and negative counts of the shown reviews written through each store's orders, by store id (the words
 * beside a store's offer); stores without any are left out.
 */
export async function storeSentiments(
  db: Db,
  storeIds: number[],
): Promise<Map<number, { positive: number; negative: number }>> {
  if (storeIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; positive: number; negative: number }>(
    db,
    sql`select r.store_id as id, count(*) filter (where r.sentiment_score > 0)::int as positive,
          count(*) filter (where r.sentiment_score < 0)::int as negative
        from reviews r
        where r.store_id in ${idList(storeIds)} and r.order_line_id is not null and r.hidden_at is null group by 1`,
  );
  return new Map(rows.map((r) => [r.id, { positive: r.positive, negative: r.negative }]));
}
