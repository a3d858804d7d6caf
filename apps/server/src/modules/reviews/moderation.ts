import { sql, type SQL } from 'drizzle-orm';
import { idList, queryRows, type Db } from '../../db/client';
import type { reviewReports, reviews } from '../../db/schema';

/**
 * What the operator's moderation reads and writes of reviews and their reports (decision 023): a shopper reports a
 * review, the queue lists reported and hidden reviews, an operator hides, shows or keeps one. Only reviews of
 * catalogue products are moderated (other stores' offers' reviews are rewritten by ingestion).
 */

/**
 * Names this module cannot read itself, as SQL expressions of the caller's owners: catalog and accounts import
 * reviews (product pages and the data export), so reviews cannot import them (module-graph.test.ts).
 */
export interface ModerationNames {
  /** SQL: the catalogue product's name, null when it is gone. */
  productName: (productId: SQL) => SQL;
  /** SQL: json {name, email} of the account, null when there is none. */
  accountContact: (accountId: SQL) => SQL;
}

type ReportColumns = typeof reviewReports.$inferSelect;
type ReviewColumns = typeof reviews.$inferSelect;

/** SQL: the count of review `r`'s open reports. */
const openReports = sql`(select count(*)::int from review_reports x where x.review_id = r.id and x.status = 'open')`;

/** A shown review of a catalogue product, and whether `reporterId` has reported it; undefined when there is none. */
export async function reportableReview(
  db: Db,
  reviewId: number,
  reporterId: number,
): Promise<{ id: number; reported: boolean } | undefined> {
  const [review] = await queryRows<{ id: number; reported: boolean }>(
    db,
    sql`select r.id, exists (select 1 from review_reports x where x.review_id = r.id and x.reporter_id = ${reporterId})
          as reported
        from reviews r where r.id = ${reviewId} and r.product_id is not null and r.hidden_at is null`,
  );
  return review;
}

/** A shopper's report; a second one by the same shopper is a unique violation (isUniqueViolation). */
export async function insertReviewReport(
  db: Db,
  report: Pick<ReportColumns, 'reviewId' | 'reporterId' | 'reason' | 'createdAt'>,
): Promise<void> {
  await db.execute(
    sql`insert into review_reports (review_id, reporter_id, reason, created_at)
        values (${report.reviewId}, ${report.reporterId}, ${report.reason}, ${report.createdAt})`,
  );
}

/** Which reviews the queue lists: those with open reports (the longest waiting first), the hidden ones, or one. */
export type ModerationFilter = { status: 'open' | 'hidden' } | { id: number };

/** A review as the queue lists it, with the count of all that match. */
export type ModeratedReviewRow = Pick<ReviewColumns, 'id' | 'author' | 'rating' | 'text' | 'hiddenReason'> & {
  productId: number;
  productName: string | null;
  createdAt: Date | string;
  hiddenAt: Date | string | null;
  openReports: number;
  total: number;
};

function queued(filter: ModerationFilter): { where: SQL; order: SQL } {
  if ('id' in filter) return { where: sql`r.id = ${filter.id}`, order: sql`r.id` };
  if (filter.status === 'open') {
    return {
      where: sql`exists (select 1 from review_reports x where x.review_id = r.id and x.status = 'open')`,
      order: sql`(select min(x.created_at) from review_reports x where x.review_id = r.id and x.status = 'open'), r.id`,
    };
  }
  return { where: sql`r.hidden_at is not null`, order: sql`r.hidden_at desc, r.id desc` };
}

/** One page of the reviews `filter` names, each with its open reports' count. */
export function moderatedReviews(
  db: Db,
  filter: ModerationFilter,
  names: ModerationNames,
  page: { limit: number; offset: number },
): Promise<ModeratedReviewRow[]> {
  const { where, order } = queued(filter);
  return queryRows<ModeratedReviewRow>(
    db,
    sql`select r.id, r.product_id as "productId", ${names.productName(sql`r.product_id`)} as "productName", r.author,
               r.rating, r.text, r.created_at as "createdAt", r.hidden_at as "hiddenAt", r.hidden_reason as "hiddenReason",
               ${openReports} as "openReports", count(*) over ()::int as total
        from reviews r
        where r.product_id is not null and ${where}
        order by ${order}
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** A report as the queue shows it, with its reporter's name. */
export type ReviewReportRow = Pick<ReportColumns, 'id' | 'reviewId' | 'reason' | 'status'> & {
  reporter: string;
  createdAt: Date | string;
};

/** Every report of the given reviews, the latest first. */
export function reportsOfReviews(db: Db, reviewIds: number[], names: ModerationNames): Promise<ReviewReportRow[]> {
  if (reviewIds.length === 0) return Promise.resolve([]);
  return queryRows<ReviewReportRow>(
    db,
    sql`select x.id, x.review_id as "reviewId", x.reason, ${names.accountContact(sql`x.reporter_id`)}->>'name' as reporter,
               x.status, x.created_at as "createdAt"
        from review_reports x
        where x.review_id in ${idList(reviewIds)}
        order by x.created_at desc, x.id desc`,
  );
}

/** A review as hiding sees it, with its author to mail (null for the demo's reviews, which have none). */
export type LockedReview = Pick<ReviewColumns, 'id' | 'text' | 'hiddenReason'> & {
  productId: number;
  productName: string;
  hiddenAt: Date | string | null;
  author: { name: string; email: string } | null;
  openReports: number;
};

/** Review `id` of a catalogue product, locked for this transaction; undefined when there is none. */
export async function lockReviewForModeration(
  tx: Db,
  id: number,
  names: ModerationNames,
): Promise<LockedReview | undefined> {
  const [row] = await queryRows<LockedReview>(
    tx,
    sql`select r.id, r.product_id as "productId", coalesce(${names.productName(sql`r.product_id`)}, '') as "productName",
               r.text, r.hidden_at as "hiddenAt", r.hidden_reason as "hiddenReason",
               ${names.accountContact(sql`r.customer_id`)} as author, ${openReports} as "openReports"
        from reviews r
        where r.id = ${id} and r.product_id is not null
        for update of r`,
  );
  return row;
}

/** Hides review `id` from its product page and every rating (with the reason), or shows it again (null). */
export async function setReviewHidden(tx: Db, id: number, hidden: { at: Date; reason: string } | null): Promise<void> {
  await tx.execute(
    sql`update reviews set hidden_at = ${hidden?.at ?? null}, hidden_reason = ${hidden?.reason ?? null}
        where id = ${id}`,
  );
}

/** Closes review `id`'s open reports: acted on (the review is hidden) or dismissed (it is kept). */
export async function resolveOpenReports(
  tx: Db,
  reviewId: number,
  status: Exclude<ReportColumns['status'], 'open'>,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`update review_reports set status = ${status}, resolved_at = ${at} where review_id = ${reviewId} and status = 'open'`,
  );
}

/** For the operator's dashboard: reviews waiting in the queue. */
export async function openReportCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct review_id)::int as n from review_reports where status = 'open'`,
  );
  return row?.n ?? 0;
}
