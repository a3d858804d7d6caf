import { z } from 'zod';
import { OPERATOR_PAGE_SIZE } from '../rules/operator';
import { idInput } from './id';
import { isoTime, pageOf } from './response';

/** Reports of reviews by shoppers, and the operators' hide / unhide / dismiss of reviews and blog posts. */
export const moderationMessages = {
  reviewNotFound: 'Review not found',
  blogNotFound: 'Blog post not found',
  reportReasonRequired: 'Please say what is wrong with this review (at least 5 characters)',
  reportReasonTooLong: 'The reason can be at most 500 characters',
  alreadyReported: 'You have already reported this review',
  reported: 'Thank you. The PriceHub team will look at this review.',
  tooManyReports: 'You have sent many reports in a short time. Please wait a while and try again.',
  reasonRequired: 'Please give a reason of at least 5 characters; it is mailed to the author',
  reasonTooLong: 'The reason can be at most 1000 characters',
  alreadyHidden: 'This is already hidden',
  notHidden: 'This is not hidden',
  noOpenReports: 'This review has no open reports',
  reviewHidden: 'The review is hidden; its author has been mailed the reason',
  reviewUnhidden: 'The review is shown again; its author has been mailed',
  reportsDismissed: 'The reports are dismissed; the review stays',
  blogHidden: 'The blog post is hidden; its seller has been mailed the reason',
  blogUnhidden: 'The blog post is shown again; its seller has been mailed',
} as const;
const m = moderationMessages;

export const reviewIdParams = z.object({ id: idInput(m.reviewNotFound) });
export const blogIdParams = z.object({ id: idInput(m.blogNotFound) });

/** POST /api/reviews/:id/reports: a shopper says what is wrong with a review. */
export const reportReviewInput = z.object({
  reason: z
    .string({ error: m.reportReasonRequired })
    .trim()
    .min(5, m.reportReasonRequired)
    .max(500, m.reportReasonTooLong),
});
export type ReportReviewInput = z.infer<typeof reportReviewInput>;

/** Hiding needs a reason (mailed to the author). */
export const hideInput = z.object({
  reason: z.string({ error: m.reasonRequired }).trim().min(5, m.reasonRequired).max(1000, m.reasonTooLong),
});
export type HideInput = z.infer<typeof hideInput>;

/** Unhiding and dismissing may say why; an empty reason is none. */
export const optionalReasonInput = z.object({
  reason: z
    .string()
    .trim()
    .max(1000, m.reasonTooLong)
    .optional()
    .transform((r) => r || undefined),
});
export type OptionalReasonInput = z.infer<typeof optionalReasonInput>;

const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** GET /api/operator/moderation: reviews with open reports (the queue), or hidden reviews. */
export const moderationQuery = z.object({ status: z.enum(['open', 'hidden']).default('open'), page });
export type ModerationQuery = z.infer<typeof moderationQuery>;

/** GET /api/operator/moderation/blogs: posts newest first, optionally only hidden ones, by words of the title. */
export const blogModerationQuery = z.object({
  q: z.string().trim().max(100).default(''),
  hidden: z.enum(['true', 'false']).optional(),
  page,
});
export type BlogModerationQuery = z.infer<typeof blogModerationQuery>;

export const hidden = z.object({ at: isoTime, reason: z.string() });
export type Hidden = z.infer<typeof hidden>;

export const reviewReport = z.object({
  id: z.number().int(),
  reason: z.string(),
  reporter: z.string(),
  status: z.enum(['open', 'dismissed', 'actioned']),
  createdAt: isoTime,
});
export type ReviewReport = z.infer<typeof reviewReport>;

export const moderatedReview = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  author: z.string(),
  rating: z.number().nullable(),
  text: z.string(),
  createdAt: isoTime,
  hidden: hidden.nullable(),
  openReports: z.number().int(),
  reports: z.array(reviewReport),
});
export type ModeratedReview = z.infer<typeof moderatedReview>;

export const moderationPage = pageOf(moderatedReview);
export type ModerationPage = z.infer<typeof moderationPage>;

export const moderatedBlog = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  store: z.object({ name: z.string(), slug: z.string() }),
  createdAt: isoTime,
  hidden: hidden.nullable(),
});
export type ModeratedBlog = z.infer<typeof moderatedBlog>;

export const blogModerationPage = pageOf(moderatedBlog);
export type BlogModerationPage = z.infer<typeof blogModerationPage>;

/** What an operator's action answers: the toast's wording and the item as it is now. */
export const moderationResult = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), item });
export interface ModerationResult<T> {
  message: string;
  item: T;
}
export const reviewModerated = moderationResult(moderatedReview);
export const blogModerated = moderationResult(moderatedBlog);

export { OPERATOR_PAGE_SIZE };
