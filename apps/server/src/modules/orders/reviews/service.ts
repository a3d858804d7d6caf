import { reviewMessages, type ReviewView } from '@pricehub/shared/schemas/review';
import { orderMessages } from '@pricehub/shared/schemas/order';
import type { AppContext } from '../../../context';
import { isUniqueViolation } from '../../../db/errors';
import { conflict, notFound } from '../../../http/errors';
import { insertReview } from '../../reviews/repository';
import { scoreText } from '../../sentiment/service';
import { customerOrderStatus, lockLineToReview, markLineReviewed } from '../queries';

/**
 * The order's customer reviews one of its lines, once, after the order is Completed: the last step of an order's
 * life that its customer takes. The review (the reviews module's row) and the line's `reviewed` flag are written
 * together. The review is of the line's catalogue product (every seller's listing of it shows it) and keeps the
 * order line and the order's store, which sold it (the store's rating reads it, reviews/store-rating.ts).
 */
export async function addReview(
  ctx: AppContext,
  customerId: number,
  orderId: string,
  input: { productId: number; text: string; rating: number },
): Promise<{ message: string; review: ReviewView }> {
  if (input.productId > 2_147_483_647) throw notFound(reviewMessages.lineNotFound);
  try {
    return await ctx.db.transaction(async (tx) => {
      const order = await customerOrderStatus(tx, customerId, orderId);
      if (!order) throw notFound(orderMessages.notFound);
      if (order.status !== 'Completed') throw conflict(reviewMessages.notCompleted);
      // The body's productId is what the order line shows: its listing id, or that listing's catalogue product.
      const line = await lockLineToReview(tx, orderId, input.productId);
      if (!line || line.productId === null) throw notFound(reviewMessages.lineNotFound);
      if (line.reviewed) throw conflict(reviewMessages.already);
      const review = await insertReview(tx, {
        productId: line.productId,
        customerId,
        orderLineId: line.id,
        storeId: order.storeId,
        author: order.customerName,
        rating: input.rating,
        text: input.text,
        sentimentScore: scoreText(input.text),
        createdAt: ctx.now(),
      });
      await markLineReviewed(tx, line.id);
      return {
        message: reviewMessages.added,
        review: {
          id: review.id,
          productId: line.productId,
          orderId,
          rating: input.rating,
          text: review.text,
          sentimentScore: review.sentimentScore,
          createdAt: review.createdAt.toISOString(),
        },
      };
    });
  } catch (error) {
    // Two submissions racing for the same line: the unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(reviewMessages.already);
    throw error;
  }
}
