import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import {
  OPERATOR_PAGE_SIZE,
  moderationMessages as m,
  type BlogModerationPage,
  type BlogModerationQuery,
  type ModeratedBlog,
  type ModeratedReview,
  type ModerationPage,
  type ModerationQuery,
  type ReviewReport,
} from '@pricehub/shared/schemas/operator-moderation';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import { enforceLimit, type Caller, type RateLimit } from '../../http/rate-limit';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import {
  lockBlogForModeration,
  moderatedBlogs,
  setBlogHidden,
  type BlogModerationFilter,
  type LockedBlog,
  type ModeratedBlogRow,
} from '../blogs/queries';
import { enqueueMail } from '../mail/outbox';
import { recordAudit } from './audit';
import { blogHiddenMail, blogShownMail, reviewHiddenMail, reviewShownMail } from './moderation-mails';

/** A shopper may report a handful of reviews an hour: enough for a bad page, not enough to flood the queue. */
export const REPORT_LIMIT: RateLimit = { name: 'review-report', windowSeconds: 3600, perAccount: 10, perAddress: 30 };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * A shopper reports a review shown on a product page, once. Hidden reviews and reviews of other stores' offers
 * (which ingestion rewrites) are "not found". A repeated report answers 409 and costs nothing of the limit.
 */
export async function reportReview(
  ctx: AppContext,
  reporterId: number,
  reviewId: number,
  reason: string,
  caller: Caller,
) {
  const [review] = await queryRows<{ id: number; reported: boolean }>(
    ctx.db,
    sql`select r.id, exists (select 1 from review_reports x where x.review_id = r.id and x.reporter_id = ${reporterId})
          as reported
        from reviews r where r.id = ${reviewId} and r.product_id is not null and r.hidden_at is null`,
  );
  if (!review) throw notFound(m.reviewNotFound);
  if (review.reported) throw conflict(m.alreadyReported);
  await enforceLimit(ctx.db, REPORT_LIMIT, caller, m.tooManyReports);
  try {
    await ctx.db.execute(
      sql`insert into review_reports (review_id, reporter_id, reason, created_at)
          values (${reviewId}, ${reporterId}, ${reason}, ${ctx.now()})`,
    );
  } catch (error) {
    // Two reports racing: the unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(m.alreadyReported);
    throw error;
  }
  return { message: m.reported };
}

interface ReviewRow {
  id: number;
  product_id: number;
  product_name: string | null;
  author: string;
  rating: number | null;
  text: string;
  created_at: Date | string;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  open_reports: number;
  total: number;
}

async function loadReviews(
  db: Db,
  where: SQL,
  order: SQL,
  offset = 0,
): Promise<{ items: ModeratedReview[]; total: number }> {
  const rows = await queryRows<ReviewRow>(
    db,
    sql`select r.id, r.product_id, p.name as product_name, r.author, r.rating, r.text, r.created_at, r.hidden_at,
               r.hidden_reason,
               (select count(*)::int from review_reports x where x.review_id = r.id and x.status = 'open') as open_reports,
               count(*) over ()::int as total
        from reviews r left join products p on p.id = r.product_id
        where r.product_id is not null and ${where}
        order by ${order}
        limit ${OPERATOR_PAGE_SIZE} offset ${offset}`,
  );
  const reports = new Map<number, ReviewReport[]>();
  if (rows.length > 0) {
    const ids = JSON.stringify(rows.map((r) => r.id));
    const found = await queryRows<{
      id: number;
      review_id: number;
      reason: string;
      reporter: string;
      status: ReviewReport['status'];
      created_at: Date | string;
    }>(
      db,
      sql`select x.id, x.review_id, x.reason, a.name as reporter, x.status, x.created_at
          from review_reports x join accounts a on a.id = x.reporter_id
          where x.review_id in (select value::int from json_array_elements_text(${ids}::json))
          order by x.created_at desc, x.id desc`,
    );
    for (const f of found) {
      const list = reports.get(f.review_id) ?? [];
      list.push({ id: f.id, reason: f.reason, reporter: f.reporter, status: f.status, createdAt: iso(f.created_at)! });
      reports.set(f.review_id, list);
    }
  }
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      product: { id: r.product_id, name: r.product_name ?? '' },
      author: r.author,
      rating: r.rating,
      text: r.text,
      createdAt: iso(r.created_at)!,
      hidden: r.hidden_at === null ? null : { at: iso(r.hidden_at)!, reason: r.hidden_reason ?? '' },
      openReports: r.open_reports,
      reports: reports.get(r.id) ?? [],
    })),
  };
}

/** The queue: reviews with open reports, the longest waiting first; or the hidden reviews, the latest first. */
export async function listModeration(db: Db, query: ModerationQuery): Promise<ModerationPage> {
  const offset = (query.page - 1) * OPERATOR_PAGE_SIZE;
  const { items, total } =
    query.status === 'open'
      ? await loadReviews(
          db,
          sql`exists (select 1 from review_reports x where x.review_id = r.id and x.status = 'open')`,
          sql`(select min(x.created_at) from review_reports x where x.review_id = r.id and x.status = 'open'), r.id`,
          offset,
        )
      : await loadReviews(db, sql`r.hidden_at is not null`, sql`r.hidden_at desc, r.id desc`, offset);
  return { items, total, page: query.page, pageSize: OPERATOR_PAGE_SIZE };
}

async function reviewById(db: Db, id: number): Promise<ModeratedReview> {
  const { items } = await loadReviews(db, sql`r.id = ${id}`, sql`r.id`);
  if (!items[0]) throw notFound(m.reviewNotFound);
  return items[0];
}

interface LockedReview {
  id: number;
  product_id: number;
  product_name: string;
  text: string;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  author_name: string | null;
  author_email: string | null;
  open_reports: number;
}

async function lockReview(tx: Db, id: number): Promise<LockedReview> {
  const [row] = await queryRows<LockedReview>(
    tx,
    sql`select r.id, r.product_id, coalesce(p.name, '') as product_name, r.text, r.hidden_at, r.hidden_reason,
               a.name as author_name, a.email as author_email,
               (select count(*)::int from review_reports x where x.review_id = r.id and x.status = 'open') as open_reports
        from reviews r left join products p on p.id = r.product_id left join accounts a on a.id = r.customer_id
        where r.id = ${id} and r.product_id is not null
        for update of r`,
  );
  if (!row) throw notFound(m.reviewNotFound);
  return row;
}

const author = (r: LockedReview) =>
  r.author_email
    ? {
        name: r.author_name ?? '',
        email: r.author_email,
        productName: r.product_name,
        productId: r.product_id,
        text: r.text,
      }
    : null;

const reviewTarget = (r: LockedReview) => ({ type: 'review', id: r.id, name: r.product_name });

/**
 * Hides a review: it leaves the product page and every rating at once, its open reports are marked acted on, its
 * author (a customer; the demo's reviews have none) is mailed the reason, and the audit log records it.
 */
export async function hideReview(ctx: AppContext, operator: SessionUser, id: number, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (review.hidden_at !== null) throw conflict(m.alreadyHidden);
    const now = ctx.now();
    await tx.execute(sql`update reviews set hidden_at = ${now}, hidden_reason = ${reason} where id = ${id}`);
    await tx.execute(
      sql`update review_reports set status = 'actioned', resolved_at = ${now} where review_id = ${id} and status = 'open'`,
    );
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'review.hide',
        target: reviewTarget(review),
        reason,
        before: { hidden: false, openReports: review.open_reports },
        after: { hidden: true, hiddenAt: now.toISOString(), openReports: 0 },
      },
      now,
    );
    const to = author(review);
    if (to) await enqueueMail(tx, reviewHiddenMail(ctx.config.publicUrl, to, reason));
  });
  invalidateCatalogCache();
  return { message: m.reviewHidden, item: await reviewById(ctx.db, id) };
}

export async function unhideReview(ctx: AppContext, operator: SessionUser, id: number, reason: string | undefined) {
  await ctx.db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (review.hidden_at === null) throw conflict(m.notHidden);
    const now = ctx.now();
    await tx.execute(sql`update reviews set hidden_at = null, hidden_reason = null where id = ${id}`);
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'review.unhide',
        target: reviewTarget(review),
        reason: reason ?? null,
        before: { hidden: true, hiddenAt: iso(review.hidden_at), hiddenReason: review.hidden_reason },
        after: { hidden: false },
      },
      now,
    );
    const to = author(review);
    if (to) await enqueueMail(tx, reviewShownMail(ctx.config.publicUrl, to, reason));
  });
  invalidateCatalogCache();
  return { message: m.reviewUnhidden, item: await reviewById(ctx.db, id) };
}

/** Keeps the review: its open reports are dismissed (the reporters' ids stay, so they cannot report it again). */
export async function dismissReports(ctx: AppContext, operator: SessionUser, id: number, reason: string | undefined) {
  await ctx.db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (review.open_reports === 0) throw conflict(m.noOpenReports);
    const now = ctx.now();
    await tx.execute(
      sql`update review_reports set status = 'dismissed', resolved_at = ${now} where review_id = ${id} and status = 'open'`,
    );
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'review.dismiss-reports',
        target: reviewTarget(review),
        reason: reason ?? null,
        before: { openReports: review.open_reports },
        after: { openReports: 0, dismissed: review.open_reports },
      },
      now,
    );
  });
  return { message: m.reportsDismissed, item: await reviewById(ctx.db, id) };
}

// ── blog posts ──────────────────────────────────────────────────────────────────────────────────

const toBlog = (r: ModeratedBlogRow): ModeratedBlog => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  store: r.store,
  createdAt: iso(r.createdAt)!,
  hidden: r.hiddenAt === null ? null : { at: iso(r.hiddenAt)!, reason: r.hiddenReason ?? '' },
});

/** Every store's posts, newest first: by words of the title or the store, and hidden or not. */
export async function listBlogsForModeration(db: Db, query: BlogModerationQuery): Promise<BlogModerationPage> {
  const filter: BlogModerationFilter = {};
  if (query.q) filter.like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (query.hidden) filter.hidden = query.hidden === 'true';
  const offset = (query.page - 1) * OPERATOR_PAGE_SIZE;
  const rows = await moderatedBlogs(db, filter, { limit: OPERATOR_PAGE_SIZE, offset });
  return { items: rows.map(toBlog), total: rows[0]?.total ?? 0, page: query.page, pageSize: OPERATOR_PAGE_SIZE };
}

async function lockBlog(tx: Db, id: number): Promise<LockedBlog> {
  const blog = await lockBlogForModeration(tx, id);
  if (!blog) throw notFound(m.blogNotFound);
  return blog;
}

async function blogById(db: Db, id: number): Promise<ModeratedBlog> {
  const [row] = await moderatedBlogs(db, { id }, { limit: OPERATOR_PAGE_SIZE, offset: 0 });
  if (!row) throw notFound(m.blogNotFound);
  return toBlog(row);
}

/** Hides a blog post from the public list and page; the seller is mailed the reason and may still edit it. */
export async function hideBlog(ctx: AppContext, operator: SessionUser, id: number, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const blog = await lockBlog(tx, id);
    if (blog.hiddenAt !== null) throw conflict(m.alreadyHidden);
    const now = ctx.now();
    await setBlogHidden(tx, id, { at: now, reason });
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'blog.hide',
        target: { type: 'blog', id, name: blog.title },
        reason,
        before: { hidden: false },
        after: { hidden: true, hiddenAt: now.toISOString() },
      },
      now,
    );
    await enqueueMail(tx, blogHiddenMail(ctx.config.publicUrl, blog, reason));
  });
  return { message: m.blogHidden, item: await blogById(ctx.db, id) };
}

export async function unhideBlog(ctx: AppContext, operator: SessionUser, id: number, reason: string | undefined) {
  await ctx.db.transaction(async (tx) => {
    const blog = await lockBlog(tx, id);
    if (blog.hiddenAt === null) throw conflict(m.notHidden);
    const now = ctx.now();
    await setBlogHidden(tx, id, null);
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'blog.unhide',
        target: { type: 'blog', id, name: blog.title },
        reason: reason ?? null,
        before: { hidden: true, hiddenAt: iso(blog.hiddenAt), hiddenReason: blog.hiddenReason },
        after: { hidden: false },
      },
      now,
    );
    await enqueueMail(tx, blogShownMail(ctx.config.publicUrl, blog, reason));
  });
  return { message: m.blogUnhidden, item: await blogById(ctx.db, id) };
}

/** For the dashboard: reviews waiting in the queue. */
export async function openReportCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct review_id)::int as n from review_reports where status = 'open'`,
  );
  return row?.n ?? 0;
}
