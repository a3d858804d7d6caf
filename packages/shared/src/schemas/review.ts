import { z } from 'zod';
import { idInput } from './id';
import { isoTime } from './response';

export const reviewMessages = {
  added: 'Review submitted',
  textRequired: 'Please write your review',
  ratingRange: 'Rating must be from 1 to 5 stars',
  notCompleted: 'You can review a product once its order is Completed',
  already: 'You have already reviewed this product for this order',
  lineNotFound: 'This product is not part of the order',
} as const;

export const reviewInput = z.object({
  productId: idInput(reviewMessages.lineNotFound),
  text: z
    .string({ error: reviewMessages.textRequired })
    .trim()
    .min(1, reviewMessages.textRequired)
    .max(2000, 'A review can be at most 2000 characters'),
  rating: z.coerce
    .number({ error: reviewMessages.ratingRange })
    .int(reviewMessages.ratingRange)
    .min(1, reviewMessages.ratingRange)
    .max(5, reviewMessages.ratingRange),
});
export type ReviewInput = z.input<typeof reviewInput>;

export const reviewView = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  orderId: z.string(),
  rating: z.number().int(),
  text: z.string(),
  sentimentScore: z.number(),
  createdAt: isoTime,
});
export type ReviewView = z.infer<typeof reviewView>;

/** POST /api/orders/:orderId/reviews. */
export const reviewAdded = z.object({ message: z.string(), review: reviewView });
