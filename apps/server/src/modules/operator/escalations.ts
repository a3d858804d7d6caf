import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import { OPERATOR_PAGE_SIZE } from '@pricehub/shared/schemas/operator';
import {
  escalationMessages as m,
  type ComplaintEscalation,
  type Escalation,
  type EscalationPage,
  type EscalationQuery,
  type EscalationStatus,
} from '@pricehub/shared/schemas/operator-escalations';
import type { ComplaintStatus } from '@pricehub/shared/schemas/complaint';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { enqueueMail, enqueueMails } from '../mail/outbox';
import type { PaymentLog } from '../orders/checkout/settlement';
import { recordAudit } from './audit';
import { escalatedMail, escalationAnswerMails, type EscalationParties } from './escalation-mails';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

interface EscalationRow {
  complaint_id: number;
  reason: string;
  status: EscalationStatus;
  resolution: string;
  refund_amount: number | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
  subject: string;
  description: string;
  complaint_status: ComplaintStatus;
  action_taken: string;
  order_id: string;
  total: number;
  payment_method: 'online' | 'cashOnDel';
  payment_status: string;
  provider: string | null;
  customer_name: string;
  customer_email: string;
  store_name: string;
  store_slug: string;
  total_rows: number;
}

/** A card payment (Stripe, or the test gateway in development) that is paid and not yet given back. */
const refundable = (r: { payment_status: string; provider: string | null }) =>
  r.payment_status === 'paid' && (r.provider === 'stripe' || r.provider === 'test');

const viewOf = (r: EscalationRow): ComplaintEscalation => ({
  status: r.status,
  reason: r.reason,
  resolution: r.resolution,
  refundAmount: r.refund_amount,
  createdAt: iso(r.created_at)!,
  resolvedAt: iso(r.resolved_at),
});

const toEscalation = (r: EscalationRow): Escalation => ({
  complaintId: r.complaint_id,
  ...viewOf(r),
  complaint: {
    subject: r.subject,
    description: r.description,
    status: r.complaint_status,
    actionTaken: r.action_taken,
  },
  order: {
    id: r.order_id,
    total: r.total,
    paymentMethod: r.payment_method,
    paymentStatus: r.payment_status,
    refundable: r.status === 'open' && refundable(r),
  },
  customer: { name: r.customer_name, email: r.customer_email },
  store: { name: r.store_name, slug: r.store_slug },
});

function escalationRows(db: Db, where: SQL, order: SQL, offset = 0) {
  return queryRows<EscalationRow>(
    db,
    sql`select e.complaint_id, e.reason, e.status, e.resolution, e.refund_amount, e.created_at, e.resolved_at,
               c.subject, c.description, c.status as complaint_status, c.action_taken,
               o.id as order_id, o.total, o.payment_method, o.payment_status, p.provider,
               a.name as customer_name, a.email as customer_email, s.name as store_name, s.slug as store_slug,
               count(*) over ()::int as total_rows
        from complaint_escalations e
        join complaints c on c.id = e.complaint_id
        join orders o on o.id = c.order_id
        left join payments p on p.id = o.payment_id
        join accounts a on a.id = c.customer_id
        join stores s on s.id = c.store_id
        where ${where}
        order by ${order}
        limit ${OPERATOR_PAGE_SIZE} offset ${offset}`,
  );
}

/** Open ones, the longest waiting first; or the answered ones, the latest first. */
export async function listEscalations(db: Db, query: EscalationQuery): Promise<EscalationPage> {
  const rows =
    query.status === 'open'
      ? await escalationRows(
          db,
          sql`e.status = 'open'`,
          sql`e.created_at, e.complaint_id`,
          (query.page - 1) * OPERATOR_PAGE_SIZE,
        )
      : await escalationRows(
          db,
          sql`e.status <> 'open'`,
          sql`e.resolved_at desc, e.complaint_id desc`,
          (query.page - 1) * OPERATOR_PAGE_SIZE,
        );
  return {
    items: rows.map(toEscalation),
    total: rows[0]?.total_rows ?? 0,
    page: query.page,
    pageSize: OPERATOR_PAGE_SIZE,
  };
}

async function escalationById(db: Db, complaintId: number): Promise<Escalation> {
  const [row] = await escalationRows(db, sql`e.complaint_id = ${complaintId}`, sql`e.complaint_id`);
  if (!row) throw notFound(m.notFound);
  return toEscalation(row);
}

interface PartiesRow {
  complaint_id: number;
  customer_id: number;
  status: ComplaintStatus;
  subject: string;
  order_id: string;
  customer_name: string;
  customer_email: string;
  store_name: string;
  seller_name: string;
  seller_email: string;
}

async function lockComplaint(tx: Db, complaintId: number): Promise<PartiesRow | undefined> {
  const [row] = await queryRows<PartiesRow>(
    tx,
    sql`select c.id as complaint_id, c.customer_id, c.status, c.subject, c.order_id, a.name as customer_name,
               a.email as customer_email, s.name as store_name, sa.name as seller_name, sa.email as seller_email
        from complaints c join accounts a on a.id = c.customer_id join stores s on s.id = c.store_id
        join accounts sa on sa.id = s.seller_id
        where c.id = ${complaintId} for update of c`,
  );
  return row;
}

const parties = (r: PartiesRow): EscalationParties => ({
  complaintId: r.complaint_id,
  subject: r.subject,
  orderId: r.order_id,
  customerName: r.customer_name,
  customerEmail: r.customer_email,
  storeName: r.store_name,
  sellerName: r.seller_name,
  sellerEmail: r.seller_email,
});

/**
 * The customer appeals against a complaint its seller marked Resolved: once, and only their own (anyone else's
 * is "not found", as complaint ids are sequential). The seller is mailed.
 */
export async function escalateComplaint(ctx: AppContext, customerId: number, complaintId: number, reason: string) {
  const escalation = await ctx.db.transaction(async (tx) => {
    const complaint = await lockComplaint(tx, complaintId);
    if (!complaint || complaint.customer_id !== customerId) throw notFound(m.notFound);
    if (complaint.status !== 'Resolved') throw conflict(m.notResolved);
    const [row] = await queryRows<EscalationRow>(
      tx,
      sql`insert into complaint_escalations (complaint_id, reason, created_at) values (${complaintId}, ${reason}, ${ctx.now()})
          on conflict (complaint_id) do nothing
          returning complaint_id, reason, status, resolution, refund_amount, created_at, resolved_at`,
    );
    if (!row) throw conflict(m.already);
    await enqueueMail(tx, escalatedMail(ctx.config.publicUrl, parties(complaint), reason));
    return viewOf(row);
  });
  return { message: m.escalated, escalation };
}

interface LockedEscalation extends PartiesRow {
  escalation_status: EscalationStatus;
  total: number;
  payment_status: string;
  provider: string | null;
  provider_ref: string | null;
}

async function lockEscalation(tx: Db, complaintId: number): Promise<LockedEscalation> {
  const complaint = await lockComplaint(tx, complaintId);
  const [row] = await queryRows<Omit<LockedEscalation, keyof PartiesRow>>(
    tx,
    sql`select e.status as escalation_status, o.total, o.payment_status, p.provider, p.provider_ref
        from complaint_escalations e join complaints c on c.id = e.complaint_id join orders o on o.id = c.order_id
        left join payments p on p.id = o.payment_id
        where e.complaint_id = ${complaintId}
        for update of e, o`,
  );
  if (!complaint || !row) throw notFound(m.notFound);
  if (row.escalation_status !== 'open') throw conflict(m.notOpen);
  return { ...complaint, ...row };
}

const target = (e: LockedEscalation) => ({
  type: 'complaint',
  id: e.complaint_id,
  name: `${e.subject} (${e.order_id})`,
});

/** Closes an escalation with a message to both sides, and no money moved. */
export async function closeEscalation(ctx: AppContext, operator: SessionUser, complaintId: number, message: string) {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEscalation(tx, complaintId);
    const now = ctx.now();
    await tx.execute(
      sql`update complaint_escalations set status = 'closed', resolution = ${message}, resolved_at = ${now}
          where complaint_id = ${complaintId}`,
    );
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'escalation.close',
        target: target(e),
        reason: message,
        before: { status: 'open' },
        after: { status: 'closed', resolvedAt: now.toISOString() },
      },
      now,
    );
    await enqueueMails(tx, escalationAnswerMails(ctx.config.publicUrl, parties(e), { message, refund: null }));
  });
  return { message: m.closed, item: await escalationById(ctx.db, complaintId) };
}

/**
 * Refunds the order's card payment (its whole total unless `amount` says less) through the payment provider, with a
 * message to both sides. As when an order is closed (orders/closing.ts), the provider is called last, inside the
 * transaction: a refused refund keeps the escalation open and changes nothing. One idempotency key per complaint,
 * so a retry never refunds twice.
 */
export async function refundEscalation(
  ctx: AppContext,
  operator: SessionUser,
  complaintId: number,
  input: { message: string; amount?: number },
  log: PaymentLog,
) {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEscalation(tx, complaintId);
    if (!refundable(e)) throw conflict(m.notRefundable);
    const amount = input.amount ?? e.total;
    if (amount > e.total) throw badRequest(m.badAmount, { amount: m.badAmount });
    const now = ctx.now();
    await tx.execute(
      sql`update complaint_escalations set status = 'refunded', resolution = ${input.message}, refund_amount = ${amount},
            resolved_at = ${now}
          where complaint_id = ${complaintId}`,
    );
    await tx.execute(sql`update orders set payment_status = 'refunded', updated_at = ${now} where id = ${e.order_id}`);
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'escalation.refund',
        target: target(e),
        reason: input.message,
        before: { status: 'open', paymentStatus: e.payment_status },
        after: { status: 'refunded', paymentStatus: 'refunded', refundAmount: amount, resolvedAt: now.toISOString() },
      },
      now,
    );
    await enqueueMails(
      tx,
      escalationAnswerMails(ctx.config.publicUrl, parties(e), { message: input.message, refund: amount }),
    );
    if (e.provider === 'stripe') {
      const refused = (reason: string, error?: unknown) => {
        log.error(
          { complaintId, orderId: e.order_id, amount, reason },
          'stripe refund refused; the escalation stays open',
        );
        return Object.assign(new HttpError(502, 'PAYMENT_PROVIDER', m.refundFailed), { cause: error });
      };
      const gateway = ctx.payments.gateway(e.provider);
      if (!gateway || !e.provider_ref) throw refused('online payments are not configured');
      await gateway.refund(e.provider_ref, amount, `escalation-${complaintId}`).catch((error: unknown) => {
        throw refused(error instanceof Error ? error.message : String(error), error);
      });
    }
  });
  return { message: m.refunded, item: await escalationById(ctx.db, complaintId) };
}

/** For the dashboard: escalations waiting for an answer. */
export async function openEscalationCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from complaint_escalations where status = 'open'`,
  );
  return row?.n ?? 0;
}
