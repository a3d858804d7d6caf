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
 * `reviewed` flag are written together. The review is of the line's catalogue product (every seller's listing of
 * it shows it) and keeps the order line, which says which seller sold it.
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
      const [order] = await queryRows<{ status: string; customer_name: string }>(
        tx,
        sql`select o.status, a.name as customer_name from orders o join accounts a on a.id = o.customer_id
            where o.id = ${orderId} and o.customer_id = ${customerId}`,
      );
      if (!order) throw notFound(orderMessages.notFound);
      if (order.status !== 'Completed') throw conflict(reviewMessages.notCompleted);
      // The body's productId is what the order line shows: its listing id, or that listing's catalogue product.
      const [line] = await queryRows<{ id: number; reviewed: boolean; product_id: number | null }>(
        tx,
        sql`select ol.id, ol.reviewed, l.product_id
            from order_lines ol left join listings l on l.id = ol.listing_id
            where ol.order_id = ${orderId} and (ol.listing_id = ${input.productId} or l.product_id = ${input.productId})
            order by (ol.listing_id = ${input.productId}) desc, ol.reviewed, ol.id
            limit 1
            for update of ol`,
      );
      if (!line || line.product_id === null) throw notFound(reviewMessages.lineNotFound);
      if (line.reviewed) throw conflict(reviewMessages.already);
      const [inserted] = await tx
        .insert(reviews)
        .values({
          productId: line.product_id,
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
          productId: line.product_id,
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
