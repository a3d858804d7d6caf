import type { SessionUser } from '@pricehub/shared/schemas/account';
import { OPERATOR_PAGE_SIZE } from '@pricehub/shared/schemas/operator';
import {
  escalationMessages as m,
  type ComplaintEscalation,
  type Escalation,
  type EscalationPage,
  type EscalationQuery,
} from '@pricehub/shared/schemas/operator-escalations';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import {
  answerEscalation,
  escalationRows,
  insertEscalation,
  lockComplaintParties,
  lockEscalationStatus,
  type ComplaintParties,
  type EscalationFilter,
  type EscalationRow,
  type EscalationView,
} from '../complaints/escalations';
import { enqueueMail, enqueueMails } from '../mail/outbox';
import type { PaymentLog } from '../orders/checkout/settlement';
import { lockOrderPayment, markOrderRefunded, type OrderPayment } from '../orders/queries';
import { recordAudit } from './audit';
import { escalatedMail, escalationAnswerMails, type EscalationParties } from './escalation-mails';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A card payment (Stripe, or the test gateway in development) that is paid and not yet given back. */
const refundable = (r: Pick<OrderPayment, 'paymentStatus' | 'provider'>) =>
  r.paymentStatus === 'paid' && (r.provider === 'stripe' || r.provider === 'test');

const viewOf = (r: EscalationView): ComplaintEscalation => ({
  status: r.status,
  reason: r.reason,
  resolution: r.resolution,
  refundAmount: r.refundAmount,
  createdAt: iso(r.createdAt)!,
  resolvedAt: iso(r.resolvedAt),
});

const toEscalation = (r: EscalationRow): Escalation => ({
  complaintId: r.complaintId,
  ...viewOf(r),
  complaint: {
    subject: r.subject,
    description: r.description,
    status: r.complaintStatus,
    actionTaken: r.actionTaken,
  },
  order: {
    id: r.order.id,
    total: r.order.total,
    paymentMethod: r.order.paymentMethod,
    paymentStatus: r.order.paymentStatus,
    refundable: r.status === 'open' && refundable(r.order),
  },
  customer: r.customer,
  store: r.store,
});

async function escalationPage(db: Db, filter: EscalationFilter, offset = 0) {
  return escalationRows(db, filter, { limit: OPERATOR_PAGE_SIZE, offset });
}

/** Open ones, the longest waiting first; or the answered ones, the latest first. */
export async function listEscalations(db: Db, query: EscalationQuery): Promise<EscalationPage> {
  const status = query.status === 'open' ? 'open' : 'answered';
  const rows = await escalationPage(db, { status }, (query.page - 1) * OPERATOR_PAGE_SIZE);
  return {
    items: rows.map(toEscalation),
    total: rows[0]?.totalRows ?? 0,
    page: query.page,
    pageSize: OPERATOR_PAGE_SIZE,
  };
}

async function escalationById(db: Db, complaintId: number): Promise<Escalation> {
  const [row] = await escalationPage(db, { complaintId });
  if (!row) throw notFound(m.notFound);
  return toEscalation(row);
}

const parties = (r: ComplaintParties): EscalationParties => ({
  complaintId: r.complaintId,
  subject: r.subject,
  orderId: r.orderId,
  customerName: r.customer.name,
  customerEmail: r.customer.email,
  ...r.seller,
});

/**
 * The customer appeals against a complaint its seller marked Resolved: once, and only their own (anyone else's
 * is "not found", as complaint ids are sequential). The seller is mailed.
 */
export async function escalateComplaint(ctx: AppContext, customerId: number, complaintId: number, reason: string) {
  const escalation = await ctx.db.transaction(async (tx) => {
    const complaint = await lockComplaintParties(tx, complaintId);
    if (!complaint || complaint.customerId !== customerId) throw notFound(m.notFound);
    if (complaint.status !== 'Resolved') throw conflict(m.notResolved);
    const row = await insertEscalation(tx, { complaintId, reason, createdAt: ctx.now() });
    if (!row) throw conflict(m.already);
    await enqueueMail(tx, escalatedMail(ctx.config.publicUrl, parties(complaint), reason));
    return viewOf(row);
  });
  return { message: m.escalated, escalation };
}

type LockedEscalation = ComplaintParties & OrderPayment;

/** The complaint, its open escalation and its order, locked in that order; "not found" or 409 otherwise. */
async function lockEscalation(tx: Db, complaintId: number): Promise<LockedEscalation> {
  const complaint = await lockComplaintParties(tx, complaintId);
  const status = complaint && (await lockEscalationStatus(tx, complaintId));
  const order = complaint && status && (await lockOrderPayment(tx, complaint.orderId));
  if (!complaint || !status || !order) throw notFound(m.notFound);
  if (status !== 'open') throw conflict(m.notOpen);
  return { ...complaint, ...order };
}

const target = (e: LockedEscalation) => ({
  type: 'complaint',
  id: e.complaintId,
  name: `${e.subject} (${e.orderId})`,
});

/** Closes an escalation with a message to both sides, and no money moved. */
export async function closeEscalation(ctx: AppContext, operator: SessionUser, complaintId: number, message: string) {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEscalation(tx, complaintId);
    const now = ctx.now();
    await answerEscalation(tx, complaintId, {
      status: 'closed',
      resolution: message,
      refundAmount: null,
      resolvedAt: now,
    });
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
    await answerEscalation(tx, complaintId, {
      status: 'refunded',
      resolution: input.message,
      refundAmount: amount,
      resolvedAt: now,
    });
    await markOrderRefunded(tx, e.orderId, now);
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'escalation.refund',
        target: target(e),
        reason: input.message,
        before: { status: 'open', paymentStatus: e.paymentStatus },
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
          { complaintId, orderId: e.orderId, amount, reason },
          'stripe refund refused; the escalation stays open',
        );
        return Object.assign(new HttpError(502, 'PAYMENT_PROVIDER', m.refundFailed), { cause: error });
      };
      const gateway = ctx.payments.gateway(e.provider);
      if (!gateway || !e.providerRef) throw refused('online payments are not configured');
      await gateway.refund(e.providerRef, amount, `escalation-${complaintId}`).catch((error: unknown) => {
        throw refused(error instanceof Error ? error.message : String(error), error);
      });
    }
  });
  return { message: m.refunded, item: await escalationById(ctx.db, complaintId) };
}
