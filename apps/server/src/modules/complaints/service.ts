import { desc, eq } from 'drizzle-orm';
import {
  complaintMessages as m,
  type Complaint,
  type ComplaintInput,
  type ComplaintUpdate,
} from '@pricehub/shared/schemas/complaint';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accounts, complaintEscalations, complaints, orders, stores } from '../../db/schema';
import { notFound } from '../../http/errors';

const selection = {
  c: complaints,
  store: { name: stores.name, slug: stores.slug },
  customer: { name: accounts.name, email: accounts.email },
  escalation: complaintEscalations,
};

function listQuery(db: Db) {
  return db
    .select(selection)
    .from(complaints)
    .innerJoin(stores, eq(stores.id, complaints.storeId))
    .innerJoin(accounts, eq(accounts.id, complaints.customerId))
    .leftJoin(complaintEscalations, eq(complaintEscalations.complaintId, complaints.id));
}

type Row = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

const toComplaint = ({ c, store, customer, escalation: e }: Row): Complaint => ({
  id: c.id,
  orderId: c.orderId,
  subject: c.subject,
  description: c.description,
  status: c.status,
  actionTaken: c.actionTaken,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  store,
  customer,
  escalation: e && {
    status: e.status,
    reason: e.reason,
    resolution: e.resolution,
    refundAmount: e.refundAmount,
    createdAt: e.createdAt.toISOString(),
    resolvedAt: e.resolvedAt?.toISOString() ?? null,
  },
});

async function byId(db: Db, id: number): Promise<Complaint | undefined> {
  const [row] = await listQuery(db).where(eq(complaints.id, id));
  return row && toComplaint(row);
}

/** A customer complains only about an order of their own; the complaint goes to that order's store. */
export async function fileComplaint(ctx: AppContext, customerId: number, input: ComplaintInput): Promise<Complaint> {
  const [order] = await ctx.db
    .select({ id: orders.id, customerId: orders.customerId, storeId: orders.storeId })
    .from(orders)
    .where(eq(orders.id, input.orderId.toUpperCase()));
  // Someone else's order is "not found" too: order ids are sequential, and must not tell what exists.
  if (!order || order.customerId !== customerId) throw notFound(m.orderNotFound);
  const [row] = await ctx.db
    .insert(complaints)
    .values({
      customerId,
      orderId: order.id,
      storeId: order.storeId,
      subject: input.subject,
      description: input.description,
    })
    .returning({ id: complaints.id });
  return (await byId(ctx.db, row!.id))!;
}

export async function listCustomerComplaints(ctx: AppContext, customerId: number): Promise<Complaint[]> {
  const rows = await listQuery(ctx.db)
    .where(eq(complaints.customerId, customerId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id));
  return rows.map(toComplaint);
}

export async function listStoreComplaints(ctx: AppContext, storeId: number): Promise<Complaint[]> {
  const rows = await listQuery(ctx.db)
    .where(eq(complaints.storeId, storeId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id));
  return rows.map(toComplaint);
}

/** Only the store the complaint is about may set its status and the action taken. */
export async function updateComplaint(
  ctx: AppContext,
  storeId: number,
  id: number,
  input: ComplaintUpdate,
): Promise<Complaint> {
  const [existing] = await ctx.db.select({ storeId: complaints.storeId }).from(complaints).where(eq(complaints.id, id));
  if (!existing || existing.storeId !== storeId) throw notFound(m.notFound);
  await ctx.db
    .update(complaints)
    .set({ status: input.status, actionTaken: input.actionTaken, updatedAt: ctx.now() })
    .where(eq(complaints.id, id));
  return (await byId(ctx.db, id))!;
}
