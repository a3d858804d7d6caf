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
import type { Db } from '../../db/client';
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
import { accountContactSql } from '../accounts/queries';
import { productNameSql } from '../catalog/queries';
import { enqueueMail } from '../mail/outbox';
import {
  insertReviewReport,
  lockReviewForModeration,
  moderatedReviews,
  reportableReview,
  reportsOfReviews,
  resolveOpenReports,
  setReviewHidden,
  type LockedReview,
  type ModerationFilter,
  type ModerationNames,
} from '../reviews/moderation';
import { recordAudit } from './audit';
import { blogHiddenMail, blogShownMail, reviewHiddenMail, reviewShownMail } from './moderation-mails';
import { likeText } from '../../db/like';

/** A shopper may report a handful of reviews an hour: enough for a bad page, not enough to flood the queue. */
export const REPORT_LIMIT: RateLimit = { name: 'review-report', windowSeconds: 3600, perAccount: 10, perAddress: 30 };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The names the review queue shows, from their owners (reviews cannot import catalog or accounts). */
const names: ModerationNames = { productName: productNameSql, accountContact: accountContactSql };

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
  const review = await reportableReview(ctx.db, reviewId, reporterId);
  if (!review) throw notFound(m.reviewNotFound);
  if (review.reported) throw conflict(m.alreadyReported);
  await enforceLimit(ctx.db, REPORT_LIMIT, caller, m.tooManyReports);
  try {
    await insertReviewReport(ctx.db, { reviewId, reporterId, reason, createdAt: ctx.now() });
  } catch (error) {
    // Two reports racing: the unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(m.alreadyReported);
    throw error;
  }
  return { message: m.reported };
}

async function loadReviews(
  db: Db,
  filter: ModerationFilter,
  offset = 0,
): Promise<{ items: ModeratedReview[]; total: number }> {
  const rows = await moderatedReviews(db, filter, names, { limit: OPERATOR_PAGE_SIZE, offset });
  const reports = new Map<number, ReviewReport[]>();
  const found = await reportsOfReviews(
    db,
    rows.map((r) => r.id),
    names,
  );
  for (const f of found) {
    const list = reports.get(f.reviewId) ?? [];
    list.push({ id: f.id, reason: f.reason, reporter: f.reporter, status: f.status, createdAt: iso(f.createdAt)! });
    reports.set(f.reviewId, list);
  }
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      product: { id: r.productId, name: r.productName ?? '' },
      author: r.author,
      rating: r.rating,
      text: r.text,
      createdAt: iso(r.createdAt)!,
      hidden: r.hiddenAt === null ? null : { at: iso(r.hiddenAt)!, reason: r.hiddenReason ?? '' },
      openReports: r.openReports,
      reports: reports.get(r.id) ?? [],
    })),
  };
}

/** The queue: reviews with open reports, the longest waiting first; or the hidden reviews, the latest first. */
export async function listModeration(db: Db, query: ModerationQuery): Promise<ModerationPage> {
  const offset = (query.page - 1) * OPERATOR_PAGE_SIZE;
  const { items, total } = await loadReviews(db, { status: query.status }, offset);
  return { items, total, page: query.page, pageSize: OPERATOR_PAGE_SIZE };
}

async function reviewById(db: Db, id: number): Promise<ModeratedReview> {
  const { items } = await loadReviews(db, { id });
  if (!items[0]) throw notFound(m.reviewNotFound);
  return items[0];
}

async function lockReview(tx: Db, id: number): Promise<LockedReview> {
  const row = await lockReviewForModeration(tx, id, names);
  if (!row) throw notFound(m.reviewNotFound);
  return row;
}

const author = (r: LockedReview) =>
  r.author ? { ...r.author, productName: r.productName, productId: r.productId, text: r.text } : null;

const reviewTarget = (r: LockedReview) => ({ type: 'review', id: r.id, name: r.productName });

/**
 * Hides a review: it leaves the product page and every rating at once, its open reports are marked acted on, its
 * author (a customer; the demo's reviews have none) is mailed the reason, and the audit log records it.
 */
export async function hideReview(ctx: AppContext, operator: SessionUser, id: number, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (review.hiddenAt !== null) throw conflict(m.alreadyHidden);
    const now = ctx.now();
    await setReviewHidden(tx, id, { at: now, reason });
    await resolveOpenReports(tx, id, 'actioned', now);
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'review.hide',
        target: reviewTarget(review),
        reason,
        before: { hidden: false, openReports: review.openReports },
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
    if (review.hiddenAt === null) throw conflict(m.notHidden);
    const now = ctx.now();
    await setReviewHidden(tx, id, null);
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'review.unhide',
        target: reviewTarget(review),
        reason: reason ?? null,
        before: { hidden: true, hiddenAt: iso(review.hiddenAt), hiddenReason: review.hiddenReason },
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
    if (review.openReports === 0) throw conflict(m.noOpenReports);
    const now = ctx.now();
    await resolveOpenReports(tx, id, 'dismissed', now);
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'review.dismiss-reports',
        target: reviewTarget(review),
        reason: reason ?? null,
        before: { openReports: review.openReports },
        after: { openReports: 0, dismissed: review.openReports },
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
  if (query.q) filter.like = likeText(query.q);
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
