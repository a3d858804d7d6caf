import { useMutation } from '@tanstack/react-query';
import type { ReportReviewInput } from '@pricehub/shared/schemas/operator-moderation';
import { post } from '../../../api/client';

/** POST /api/reviews/:id/reports: a shopper tells the PriceHub team what is wrong with a review. */
export const reportReview = (reviewId: number, input: ReportReviewInput) =>
  post<{ message: string }>(`/reviews/${reviewId}/reports`, input);

export const useReportReview = (reviewId: number) =>
  useMutation({ mutationFn: (input: ReportReviewInput) => reportReview(reviewId, input) });
