import { inArray, sql, type SQL } from 'drizzle-orm';
import { idList, queryRows, type Db } from '../../db/client';
import { reviews } from '../../db/schema';

export type NewReview = typeof reviews.$inferInsert;
export type ReviewRow = typeof reviews.$inferSelect;

export async function insertReview(tx: Db, review: NewReview): Promise<ReviewRow> {
  const [inserted] = await tx.insert(reviews).values(review).returning();
  return inserted!;
}

/** A shown review as a product page lists it. */
export type ProductReview = Pick<ReviewRow, 'id' | 'author' | 'rating' | 'text' | 'sentimentScore'> & {
  createdAt: Date | string;
};

/** The shown reviews of catalogue product `productId`, newest first, at most 100 (its product page). */
export async function productReviews(db: Db, productId: number): Promise<ProductReview[]> {
  return queryRows<ProductReview>(
    db,
    sql`select id, author, rating, text, sentiment_score as "sentimentScore", created_at as "createdAt" from reviews
        where product_id = ${productId} and hidden_at is null order by created_at desc, id desc limit 100`,
  );
}

/**
 * What a tally counts: the shown reviews of catalogue product `productId`, or, when `offerId` is given and not null,
 * those of that offer of another store. Both are SQL expressions of the caller's statement.
 */
export interface ReviewsOf {
  productId: SQL;
  offerId?: SQL;
}

const about = ({ productId, offerId }: ReviewsOf) =>
  offerId
    ? sql`(case when ${offerId} is null then r.product_id = ${productId} else r.offer_id = ${offerId} end)`
    : sql`r.product_id = ${productId}`;

/**
 * SQL for a select list: `positive` and `negative`, the shown reviews whose text reads well or badly (the counts
 * behind ratingText). One definition for the assistant, the wishlist and the compare list.
 */
export const sentimentCountsSql = (of: ReviewsOf) => sql`
  (select count(*)::int from reviews r where r.hidden_at is null and r.sentiment_score > 0 and ${about(of)}) as positive,
  (select count(*)::int from reviews r where r.hidden_at is null and r.sentiment_score < 0 and ${about(of)}) as negative`;

/** SQL: the mean of the product's shown reviews' stars, null when none has stars. */
export const averageRatingSql = (productId: SQL) =>
  sql`(select avg(r.rating) from reviews r where r.product_id = ${productId} and r.hidden_at is null)`;

// ── other stores' offers (modules/offers): the reviews their feeds carry ─────────────────────────

export type SentimentCounts = { positive: number; negative: number };

/** Positive and negative review counts of each offer of another store (all its reviews), by offer id. */
export async function offerSentiments(db: Db, offerIds: number[]): Promise<Map<number, SentimentCounts>> {
  if (offerIds.length === 0) return new Map();
  const rows = await queryRows<SentimentCounts & { id: number }>(
    db,
    sql`select offer_id as id, count(*) filter (where sentiment_score > 0)::int as positive,
          count(*) filter (where sentiment_score < 0)::int as negative
        from reviews where offer_id in ${idList(offerIds)} group by 1`,
  );
  return new Map(rows.map((r) => [r.id, { positive: r.positive, negative: r.negative }]));
}

/** The first 100 reviews an offer of another store carries, in the order its feed gave them. */
export async function offerReviews(
  db: Db,
  offerId: number,
): Promise<Pick<ReviewRow, 'author' | 'text' | 'rating' | 'sentimentScore'>[]> {
  return queryRows(
    db,
    sql`select author, text, rating, sentiment_score as "sentimentScore" from reviews
        where offer_id = ${offerId} order by id limit 100`,
  );
}

/** The offers' reviews become the ones their feed carries now (`replacements`, each naming its offer). */
export async function replaceOfferReviews(tx: Db, offerIds: number[], replacements: NewReview[]): Promise<void> {
  if (offerIds.length === 0) return;
  await tx.delete(reviews).where(inArray(reviews.offerId, offerIds));
  if (replacements.length > 0) await tx.insert(reviews).values(replacements);
}

// ── an account's data export and deletion (modules/account-data) ─────────────────────────────────

/**
 * The customer's reviews as they download them, oldest first. `productName` is the catalogue's name of a product
 * (catalog/queries.ts productNameSql): the catalogue imports reviews, so reviews cannot import it.
 */
export async function exportCustomerReviews(
  db: Db,
  customerId: number,
  productName: (productId: SQL) => SQL,
): Promise<unknown[]> {
  const rows = await queryRows<{ item: unknown }>(
    db,
    sql`select json_build_object('productId', r.product_id, 'product', ${productName(sql`r.product_id`)},
          'rating', r.rating, 'text', r.text, 'createdAt', r.created_at) as item
        from reviews r where r.customer_id = ${customerId} order by r.created_at, r.id`,
  );
  return rows.map((r) => r.item);
}

/** A deleted customer's reviews stay for other shoppers (and the ratings they make up), signed `author` instead. */
export async function unsignCustomerReviews(tx: Db, customerId: number, author: string): Promise<void> {
  await tx.execute(sql`update reviews set author = ${author}, customer_id = null where customer_id = ${customerId}`);
}
