import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { complaintEscalations, complaints } from '../../db/schema';
import { accountContactSql, storeNameSql, storeSellerSql, type StoreSeller } from '../accounts/queries';
import { orderPaymentSql, type OrderPayment } from '../orders/queries';

/**
 * The SQL of escalations (decision 023): a customer appeals against a complaint its seller marked Resolved, and an
 * operator answers it (modules/operator) with a message to both sides, and a refund or none.
 */

type EscalationColumns = typeof complaintEscalations.$inferSelect;
type ComplaintColumns = typeof complaints.$inferSelect;

/** An escalation as its customer sees it on the complaint. */
export type EscalationView = Pick<
  EscalationColumns,
  'complaintId' | 'reason' | 'status' | 'resolution' | 'refundAmount'
> & {
  createdAt: Date | string;
  resolvedAt: Date | string | null;
};

/** An escalation as the operator's queue lists it: the complaint, its order's payment, its customer and store. */
export type EscalationRow = EscalationView &
  Pick<ComplaintColumns, 'subject' | 'description' | 'actionTaken'> & {
    complaintStatus: ComplaintColumns['status'];
    order: Omit<OrderPayment, 'providerRef'>;
    customer: { name: string; email: string };
    store: { name: string; slug: string };
    totalRows: number;
  };

/** Which escalations the queue lists: the open ones (the longest waiting first), the answered ones, or one. */
export type EscalationFilter = { status: 'open' | 'answered' } | { complaintId: number };

function queued(filter: EscalationFilter): { where: SQL; order: SQL } {
  if ('complaintId' in filter)
    return { where: sql`e.complaint_id = ${filter.complaintId}`, order: sql`e.complaint_id` };
  return filter.status === 'open'
    ? { where: sql`e.status = 'open'`, order: sql`e.created_at, e.complaint_id` }
    : { where: sql`e.status <> 'open'`, order: sql`e.resolved_at desc, e.complaint_id desc` };
}

const viewColumns = sql`e.complaint_id as "complaintId", e.reason, e.status, e.resolution,
  e.refund_amount as "refundAmount", e.created_at as "createdAt", e.resolved_at as "resolvedAt"`;

/** One page of the escalations `filter` names. */
export function escalationRows(
  db: Db,
  filter: EscalationFilter,
  page: { limit: number; offset: number },
): Promise<EscalationRow[]> {
  const { where, order } = queued(filter);
  return queryRows<EscalationRow>(
    db,
    sql`select ${viewColumns}, c.subject, c.description, c.status as "complaintStatus", c.action_taken as "actionTaken",
               ${orderPaymentSql(sql`c.order_id`)} as "order", ${accountContactSql(sql`c.customer_id`)} as customer,
               ${storeNameSql(sql`c.store_id`)} as store, count(*) over ()::int as "totalRows"
        from complaint_escalations e
        join complaints c on c.id = e.complaint_id
        where ${where}
        order by ${order}
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** A complaint as an escalation sees it, with whom its mails address. */
export type ComplaintParties = Pick<ComplaintColumns, 'customerId' | 'status' | 'subject' | 'orderId'> & {
  complaintId: number;
  customer: { name: string; email: string };
  seller: StoreSeller;
};

/** Complaint `complaintId`, locked for this transaction, with its customer and seller; undefined when there is none. */
export async function lockComplaintParties(tx: Db, complaintId: number): Promise<ComplaintParties | undefined> {
  const [row] = await queryRows<ComplaintParties>(
    tx,
    sql`select c.id as "complaintId", c.customer_id as "customerId", c.status, c.subject, c.order_id as "orderId",
               ${accountContactSql(sql`c.customer_id`)} as customer, ${storeSellerSql(sql`c.store_id`)} as seller
        from complaints c
        where c.id = ${complaintId} for update of c`,
  );
  return row;
}

/** The complaint's escalation, undefined when it already has one (a customer appeals once). */
export async function insertEscalation(
  tx: Db,
  escalation: Pick<EscalationColumns, 'complaintId' | 'reason' | 'createdAt'>,
): Promise<EscalationView | undefined> {
  const [row] = await queryRows<EscalationView>(
    tx,
    sql`insert into complaint_escalations as e (complaint_id, reason, created_at)
        values (${escalation.complaintId}, ${escalation.reason}, ${escalation.createdAt})
        on conflict (complaint_id) do nothing
        returning ${viewColumns}`,
  );
  return row;
}

/** The status of complaint `complaintId`'s escalation, locked for this transaction; undefined when it has none. */
export async function lockEscalationStatus(
  tx: Db,
  complaintId: number,
): Promise<EscalationColumns['status'] | undefined> {
  const [row] = await queryRows<Pick<EscalationColumns, 'status'>>(
    tx,
    sql`select status from complaint_escalations where complaint_id = ${complaintId} for update`,
  );
  return row?.status;
}

/** An operator's answer: closed with a message, or refunded (with the amount given back). */
export async function answerEscalation(
  tx: Db,
  complaintId: number,
  answer: Pick<EscalationColumns, 'resolution' | 'refundAmount'> & {
    status: Exclude<EscalationColumns['status'], 'open'>;
    resolvedAt: Date;
  },
): Promise<void> {
  await tx.execute(
    sql`update complaint_escalations set status = ${answer.status}, resolution = ${answer.resolution},
          refund_amount = ${answer.refundAmount}, resolved_at = ${answer.resolvedAt}
        where complaint_id = ${complaintId}`,
  );
}

/** For the operator's dashboard: escalations waiting for an answer. */
export async function openEscalationCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from complaint_escalations where status = 'open'`,
  );
  return row?.n ?? 0;
}
