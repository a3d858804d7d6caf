import { desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { complaintEscalations, complaints } from '../../db/schema';
import { accountContactSql, storeNameSql } from '../accounts/queries';

export type NewComplaint = typeof complaints.$inferInsert;

/** A complaint with its store's name and slug, its customer's name and address, and its escalation if any. */
function complaintsWith(db: Db) {
  return db
    .select({
      c: complaints,
      store: storeNameSql(complaints.storeId),
      customer: accountContactSql(complaints.customerId),
      escalation: complaintEscalations,
    })
    .from(complaints)
    .leftJoin(complaintEscalations, eq(complaintEscalations.complaintId, complaints.id));
}

export type ComplaintRow = Awaited<ReturnType<ReturnType<typeof complaintsWith>['execute']>>[number];

export async function findComplaint(db: Db, id: number): Promise<ComplaintRow | undefined> {
  const [row] = await complaintsWith(db).where(eq(complaints.id, id));
  return row;
}

/** A customer's complaints, or those about a store, newest first. */
export const listComplaints = (db: Db, of: { customerId: number } | { storeId: number }): Promise<ComplaintRow[]> =>
  complaintsWith(db)
    .where('customerId' in of ? eq(complaints.customerId, of.customerId) : eq(complaints.storeId, of.storeId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id));

export async function insertComplaint(db: Db, complaint: NewComplaint): Promise<number> {
  const [row] = await db.insert(complaints).values(complaint).returning({ id: complaints.id });
  return row!.id;
}

/** The store a complaint is about, or undefined for an unknown id. */
export async function complaintStore(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ storeId: complaints.storeId }).from(complaints).where(eq(complaints.id, id));
  return row?.storeId;
}

export async function updateComplaintRow(
  db: Db,
  id: number,
  changes: Pick<NewComplaint, 'status' | 'actionTaken' | 'updatedAt'>,
): Promise<void> {
  await db.update(complaints).set(changes).where(eq(complaints.id, id));
}

/**
 * The complaints as their owner downloads them, oldest first: a customer's with the store's name and what they wrote,
 * a store's without the description.
 */
export async function exportComplaints(db: Db, of: { customerId: number } | { storeId: number }): Promise<unknown[]> {
  const fields =
    'customerId' in of
      ? sql`'orderId', c.order_id, 'store', ${storeNameSql(sql`c.store_id`)}->>'name', 'subject', c.subject,
          'description', c.description`
      : sql`'orderId', c.order_id, 'subject', c.subject`;
  const party = 'customerId' in of ? sql`c.customer_id = ${of.customerId}` : sql`c.store_id = ${of.storeId}`;
  const rows = await queryRows<{ item: unknown }>(
    db,
    sql`select json_build_object(${fields}, 'status', c.status, 'actionTaken', c.action_taken,
          'createdAt', c.created_at) as item
        from complaints c where ${party} order by c.created_at, c.id`,
  );
  return rows.map((r) => r.item);
}
