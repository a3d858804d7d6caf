import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryItems, type Db } from '../../db/client';
import { cartItems } from '../../db/schema';

/**
 * What other modules may read or change of a cart (decision 023): checkout takes the cart as it places the orders,
 * and a paid online checkout removes what it bought.
 */

/**
 * SQL for checkout's `with taken as (…)`: the cart lines (`customer_id`, `listing_id`, `quantity`, `added_at`) of
 * customers `customerIds` (an int[]), locked until the transaction ends (a change of quantity waits for checkout;
 * checkout removes what it bought with boughtLinesDeleteSql).
 */
export const lockedCartsSql = (customerIds: SQL) =>
  sql`select customer_id, listing_id, quantity, added_at from cart_items where customer_id = any(${customerIds})
      for update`;

/**
 * SQL for a data-modifying CTE of checkout's orders statement: deletes the cart lines named by `lines`, SQL for a
 * set of rows with `customer_id` and `listing_id` (what a cash-on-delivery checkout bought, locked by lockedCartsSql).
 */
export const boughtLinesDeleteSql = (lines: SQL) =>
  sql`delete from cart_items c using ${lines} b where c.customer_id = b.customer_id and c.listing_id = b.listing_id`;

/** Removes listings `listingIds` from customer `customerId`'s cart: what a paid checkout bought. */
export async function removeBoughtFromCart(db: Db, customerId: number, listingIds: number[]): Promise<void> {
  if (listingIds.length === 0) return;
  await db.delete(cartItems).where(and(eq(cartItems.customerId, customerId), inArray(cartItems.listingId, listingIds)));
}

/**
 * The customer's cart as they download it with their data (modules/account-data), oldest line first. `listingName`
 * is the catalogue's name of a listing, which the data export hands in (catalog/queries.ts listingNameSql).
 */
export async function exportCart(db: Db, customerId: number, listingName: (listingId: SQL) => SQL): Promise<unknown[]> {
  return queryItems(
    db,
    sql`select json_build_object('listingId', c.listing_id, 'name', ${listingName(sql`c.listing_id`)},
          'quantity', c.quantity, 'addedAt', c.added_at) as item
        from cart_items c where c.customer_id = ${customerId} order by c.added_at, c.listing_id`,
  );
}

/** A deleted customer's cart goes with the account. */
export async function eraseCart(tx: Db, customerId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.customerId, customerId));
}
