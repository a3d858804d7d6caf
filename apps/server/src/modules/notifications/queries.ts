import { sql, type SQL } from 'drizzle-orm';
import { queryItems, type Db } from '../../db/client';

/**
 * What other modules may read or erase of notifications (decision 023): an account's data export and its deletion
 * (modules/account-data).
 */

/** The customer's notifications as they download them with their data, oldest first. */
export async function exportCustomerNotifications(db: Db, customerId: number): Promise<unknown[]> {
  return queryItems(
    db,
    sql`select json_build_object('orderId', order_id, 'title', title, 'body', body, 'read', read_at is not null,
          'createdAt', created_at) as item
        from customer_notifications where customer_id = ${customerId} order by created_at, id`,
  );
}

/** A deleted customer's own notifications go with the account. */
export async function eraseCustomerNotifications(tx: Db, customerId: number): Promise<void> {
  await tx.execute(sql`delete from customer_notifications where customer_id = ${customerId}`);
}

/**
 * The stores' notifications about orders `orderIds` (SQL for an `in`, e.g. orders/queries.ts customerOrderIdsSql)
 * name their customer `customer` instead: the orders are kept, the deleted person is not.
 */
export async function renameNoticesCustomer(tx: Db, orderIds: SQL, customer: string): Promise<void> {
  await tx.execute(sql`update notifications set customer = ${customer} where order_id in ${orderIds}`);
}

/** A deleted seller's store notifications go with the store. */
export async function eraseStoreNotifications(tx: Db, storeId: number): Promise<void> {
  await tx.execute(sql`delete from notifications where store_id = ${storeId}`);
}
