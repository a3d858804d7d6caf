import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
