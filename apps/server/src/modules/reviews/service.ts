import { sql } from 'drizzle-orm';
import { reviewMessages, type ReviewView } from '@pricehub/shared/schemas/review';
import { orderMessages } from '@pricehub/shared/schemas/order';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { reviews } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { scoreText } from '../sentiment/service';

/**
 * The order's customer reviews one of its lines, once, after the order is Completed. The review and the line's
 * `reviewed` flag are written together.
 */
export async function addReview(
  ctx: AppContext,
  customerId: number,
  orderId: string,
  input: { productId: number; text: string; rating: number },
): Promise<{ message: string; review: ReviewView }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [order] = await queryRows<{ status: string; customer_name: string }>(
        tx,
        sql`select o.status, a.name as customer_name from orders o join accounts a on a.id = o.customer_id
            where o.id = ${orderId} and o.customer_id = ${customerId}`,
      );
      if (!order) throw notFound(orderMessages.notFound);
      if (order.status !== 'Completed') throw conflict(reviewMessages.notCompleted);
      const [line] = await queryRows<{ id: number; reviewed: boolean }>(
        tx,
        sql`select id, reviewed from order_lines where order_id = ${orderId} and product_id = ${input.productId}
            for update`,
      );
      if (!line) throw notFound(reviewMessages.lineNotFound);
      if (line.reviewed) throw conflict(reviewMessages.already);
      const [inserted] = await tx
        .insert(reviews)
        .values({
          productId: input.productId,
          customerId,
          orderLineId: line.id,
          author: order.customer_name,
          rating: input.rating,
          text: input.text,
          sentimentScore: scoreText(input.text),
          createdAt: ctx.now(),
        })
        .returning();
      const review = inserted!;
      await tx.execute(sql`update order_lines set reviewed = true where id = ${line.id}`);
      return {
        message: reviewMessages.added,
        review: {
          id: review.id,
          productId: input.productId,
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
