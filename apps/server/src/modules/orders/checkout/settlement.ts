import { and, eq, lte, sql } from 'drizzle-orm';
import { formatRs } from '@pricehub/shared/rules/money';
import { checkoutMessages } from '@pricehub/shared/schemas/checkout';
import type { ClosedPayment, PaymentEvent, PaymentGateway } from '../../../adapters/payments/gateway';
import type { AppContext } from '../../../context';
import { queryRows } from '../../../db/client';
import { orders, payments } from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import { accountNamesSql } from '../../accounts/queries';
import { enqueueMail } from '../../mail/outbox';
import { notifyCustomer } from '../../notifications/customer-notice';
import { customerNotices } from '../customer-notices';
import { markPaid, PAYMENT_CURRENCY, releasePayment, releasePaymentIn } from './payments';

/**
 * What happens to an online payment's money once its gateway closes it or reports on it (a Stripe session): it pays
 * its orders, or, when no order waits for it any more (cancelled, expired, rejected), it goes back to the card.
 */

/** The log these functions write to: a request's log, or a job's collector (see jobs.ts). */
export interface PaymentLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

type PaymentStatus = 'not_required' | 'pending' | 'paid' | 'expired' | 'refunded';

interface PaymentRow {
  id: string;
  amount: number;
  provider: string;
  providerRef: string | null;
  status: PaymentStatus;
}

const paymentRow = {
  id: payments.id,
  amount: payments.amount,
  provider: payments.provider,
  providerRef: payments.providerRef,
  status: payments.status,
};

async function loadPayment(ctx: AppContext, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await ctx.db.select(paymentRow).from(payments).where(eq(payments.id, paymentId));
  return payment;
}

/** A session collected exactly what we asked for: the payment's amount, in rupees. */
const collectedMatches = (payment: PaymentRow, session: Pick<ClosedPayment, 'amountTotal' | 'currency'>) =>
  session.amountTotal === payment.amount && session.currency?.toLowerCase() === PAYMENT_CURRENCY;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Gives back, through its gateway, what a paid session collected for orders that no longer wait for it: all of it when
 * the payment had already been released (its orders cancelled: they keep "expired", never having been paid, so their
 * sellers never see them), or, for a payment marked paid, the totals of its orders released before it landed.
 * With `release`, a payment still pending is released first, in the same transaction.
 * The refund call runs inside the transaction that records it, so a refused refund changes nothing and the next
 * attempt (the webhook's retry, the job's next run) refunds once (the gateway's idempotency key). The customer is
 * mailed. Answers the amount refunded; throws when the gateway refuses, after logging its reason.
 */
export async function refundUnawaited(
  ctx: AppContext,
  gateway: PaymentGateway,
  paymentId: string,
  sessionId: string | null,
  collected: number | null,
  log: PaymentLog,
  options: { release?: boolean } = {},
): Promise<number> {
  let refunded: { amount: number; orderIds: string[] } = { amount: 0, orderIds: [] };
  try {
    refunded = await ctx.db.transaction(async (tx) => {
      if (options.release) await releasePaymentIn(tx, ctx, paymentId, 'expired');
      const [payment] = await queryRows<{
        status: PaymentStatus;
        amount: number;
        customer_id: number;
        email: string;
        name: string;
      }>(
        tx,
        sql`select p.status, p.amount, p.customer_id, a.email, a.name from payments p
            join ${accountNamesSql} a on a.id = p.customer_id
            where p.id = ${paymentId} for update of p`,
      );
      let amount = 0;
      let orderIds: string[] = [];
      let key = `late-refund-${paymentId}`;
      if (payment?.status === 'expired') {
        await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, paymentId));
        const released = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.paymentId, paymentId))
          .orderBy(orders.id);
        orderIds = released.map((o) => o.id);
        amount = collected ?? payment.amount;
      } else if (payment?.status === 'paid') {
        const released = await tx
          .update(orders)
          .set({ paymentStatus: 'refunded', updatedAt: ctx.now() })
          .where(and(eq(orders.paymentId, paymentId), eq(orders.paymentStatus, 'expired')))
          .returning({ id: orders.id, total: orders.total });
        orderIds = released.map((o) => o.id);
        amount = released.reduce((n, o) => n + o.total, 0);
        key = `late-refund-${paymentId}-${orderIds.join('-')}`;
      }
      if (!payment || amount <= 0) return { amount: 0, orderIds: [] };
      await enqueueMail(tx, {
        to: payment.email,
        subject: `Your PriceHub payment of ${formatRs(amount)} is refunded`,
        text: [
          `Hello ${payment.name},`,
          '',
          `Your card payment of ${formatRs(amount)} reached us after your order ${orderIds.join(', ')} had been ` +
            'cancelled, so nothing was sold for it. We have refunded it to your card; banks take a few days to show it.',
        ].join('\n'),
        dedupeKey: key,
      });
      if (orderIds.length > 0) {
        await notifyCustomer(tx, {
          customerId: payment.customer_id,
          createdAt: ctx.now(),
          ...customerNotices.lateRefund(orderIds, amount),
        });
      }
      await gateway.refund(sessionId, amount, key);
      return { amount, orderIds };
    });
  } catch (error) {
    log.error(
      { paymentId, sessionId, amount: collected, reason: reasonOf(error) },
      'refund of a payment no order waits for was refused; it stays to be refunded',
    );
    throw error;
  }
  if (refunded.amount > 0) {
    log.warn(
      { paymentId, sessionId, amount: refunded.amount, orderIds: refunded.orderIds },
      'payment arrived for orders no longer waiting for it: refunded',
    );
  }
  return refunded.amount;
}

/**
 * Settles a payment its gateway has just closed (a Stripe session expired by us, or found complete): paid with the
 * right amount, it pays its orders; paid with another amount, the orders are released and the money given back;
 * unpaid, the orders are released.
 */
async function settleClosedPayment(
  ctx: AppContext,
  gateway: PaymentGateway,
  payment: PaymentRow,
  session: ClosedPayment,
  log: PaymentLog,
): Promise<void> {
  if (!session.paid) {
    await releasePayment(ctx, payment.id, 'expired');
    return;
  }
  const matches = collectedMatches(payment, session);
  if (matches) {
    await markPaid(ctx, payment.id);
  } else {
    log.error(
      {
        paymentId: payment.id,
        sessionId: payment.providerRef,
        amount: payment.amount,
        amountTotal: session.amountTotal,
        currency: session.currency,
      },
      `${gateway.provider} session paid a different amount than its payment: orders released, money refunded`,
    );
  }
  // A mismatched payment is released and refunded in one transaction: a refused refund (logged inside) leaves it
  // pending, and the expiry job's next run tries again.
  await refundUnawaited(ctx, gateway, payment.id, payment.providerRef, session.amountTotal, log, {
    release: !matches,
  }).catch(() => undefined);
}

/**
 * Closes an unpaid payment at once (the customer cancelled one of its orders): its gateway closes it (a Stripe session
 * is expired), so nothing can be paid on it afterwards, and its orders are released; the test gateway's page closes
 * the same way.
 * Answers the payment's status afterwards: "paid" when the customer paid just before the session closed.
 * Throws when the gateway cannot be reached (nothing has changed then).
 */
export async function closeUnpaidPayment(ctx: AppContext, paymentId: string, log: PaymentLog): Promise<PaymentStatus> {
  const payment = await loadPayment(ctx, paymentId);
  if (!payment) throw new Error(`payment ${paymentId} vanished`);
  if (payment.status !== 'pending') return payment.status;
  await closeAndSettle(ctx, payment, log);
  return (await loadPayment(ctx, paymentId))!.status;
}

/**
 * Closes a pending payment at its gateway and settles what it answers. A payment whose gateway is not configured now
 * cannot have been paid through us since: it is released.
 */
async function closeAndSettle(ctx: AppContext, payment: PaymentRow, log: PaymentLog): Promise<void> {
  const gateway = ctx.payments.gateway(payment.provider);
  if (!gateway) {
    await releasePayment(ctx, payment.id, 'expired');
    return;
  }
  const closed = await gateway.close(payment.providerRef);
  await settleClosedPayment(ctx, gateway, payment, closed, log);
}

/** Online payments whose 30 minutes have passed unpaid: close them at their gateway, then release the stock. */
export async function releaseExpiredPayments(ctx: AppContext, log: PaymentLog): Promise<void> {
  const due = await ctx.db
    .select(paymentRow)
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lte(payments.expiresAt, ctx.now())))
    .limit(200);
  for (const payment of due) {
    try {
      // The customer may have paid in the last seconds: closing the payment first makes the answer final.
      await closeAndSettle(ctx, payment, log);
    } catch (error) {
      // One payment the gateway cannot settle now must not hold up the others; it is tried again next run.
      log.error({ paymentId: payment.id, reason: reasonOf(error) }, 'could not settle an expired payment');
    }
  }
}

/**
 * Acts on a verified event of `gateway` (its webhook). A signed event is still checked: the session must be the one
 * we opened for the payment, and a payment still waiting is marked paid only for its own amount, so a session opened
 * elsewhere on the account (another integration, a test, edited metadata) marks nothing paid. A payment for orders
 * that no longer wait for it is refunded.
 */
export async function handlePaymentEvent(
  ctx: AppContext,
  gateway: PaymentGateway,
  event: PaymentEvent,
  log: PaymentLog,
): Promise<void> {
  const { paymentId } = event;
  const notApplied = (why: string) =>
    // Acknowledged (a retry would say the same) but not applied; someone should look.
    log.error(
      {
        eventId: event.id,
        eventType: event.type,
        paymentId,
        sessionId: event.ref,
        amountTotal: event.amountTotal,
        currency: event.currency,
      },
      `${gateway.provider} webhook not applied: ${why}`,
    );
  const payment = await loadPayment(ctx, paymentId);
  if (!payment) return notApplied('no such payment');
  if (payment.provider !== gateway.provider || payment.providerRef !== event.ref) {
    return notApplied('session id differs');
  }
  if (event.outcome === 'ended') {
    await releasePayment(ctx, paymentId, 'expired');
    return;
  }
  if (payment.status === 'pending') {
    if (!collectedMatches(payment, event)) return notApplied('amount differs');
    await markPaid(ctx, paymentId);
  }
  try {
    await refundUnawaited(ctx, gateway, paymentId, event.ref, event.amountTotal, log);
  } catch (error) {
    // A non-2xx answer makes the gateway send the event again later: the refund is retried then.
    throw Object.assign(new HttpError(502, 'PAYMENT_PROVIDER', checkoutMessages.onlineUnavailable), { cause: error });
  }
}
