import {
  complaintMessages as m,
  type Complaint,
  type ComplaintInput,
  type ComplaintUpdate,
} from '@pricehub/shared/schemas/complaint';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { orderParties } from '../orders/queries';
import {
  complaintStore,
  findComplaint,
  insertComplaint,
  listComplaints,
  updateComplaintRow,
  type ComplaintRow,
} from './repository';

const toComplaint = ({ c, store, customer, escalation: e }: ComplaintRow): Complaint => ({
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

async function byId(ctx: AppContext, id: number): Promise<Complaint> {
  return toComplaint((await findComplaint(ctx.db, id))!);
}

/** A customer complains only about an order of their own; the complaint goes to that order's store. */
export async function fileComplaint(ctx: AppContext, customerId: number, input: ComplaintInput): Promise<Complaint> {
  const order = await orderParties(ctx.db, input.orderId.toUpperCase());
  // Someone else's order is "not found" too: order ids are sequential, and must not tell what exists.
  if (!order || order.customerId !== customerId) throw notFound(m.orderNotFound);
  const id = await insertComplaint(ctx.db, {
    customerId,
    orderId: order.id,
    storeId: order.storeId,
    subject: input.subject,
    description: input.description,
  });
  return byId(ctx, id);
}

export async function listCustomerComplaints(ctx: AppContext, customerId: number): Promise<Complaint[]> {
  return (await listComplaints(ctx.db, { customerId })).map(toComplaint);
}

export async function listStoreComplaints(ctx: AppContext, storeId: number): Promise<Complaint[]> {
  return (await listComplaints(ctx.db, { storeId })).map(toComplaint);
}

/** Only the store the complaint is about may set its status and the action taken. */
export async function updateComplaint(
  ctx: AppContext,
  storeId: number,
  id: number,
  input: ComplaintUpdate,
): Promise<Complaint> {
  if ((await complaintStore(ctx.db, id)) !== storeId) throw notFound(m.notFound);
  await updateComplaintRow(ctx.db, id, { status: input.status, actionTaken: input.actionTaken, updatedAt: ctx.now() });
  return byId(ctx, id);
}
