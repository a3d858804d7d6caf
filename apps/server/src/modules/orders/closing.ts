import { sql } from 'drizzle-orm';
import { formatRs } from '@pricehub/shared/rules/money';
import { canReject, type OrderStatus } from '@pricehub/shared/rules/order-status';
import { orderMessages, type OrderView } from '@pricehub/shared/schemas/order';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { conflict, HttpError, notFound } from '../../http/errors';
import { enqueueMail } from '../mail/outbox';
import { notifyCustomer } from '../notifications/customer-notice';
import { mailStatusChange } from './announce';
import { refundPayment } from './checkout/payments';
import type { PaymentLog } from './checkout/settlement';
import { customerNotices } from './customer-notices';
import { findOrder, restockOrders } from './repository';

/** Who closes a Booked order: its customer (cancel), or its seller with a reason for the customer (reject). */
export type Closer = { by: 'customer'; customerId: number } | { by: 'seller'; storeId: number; reason: string };

interface ClosingRow {
  store_id: number;
  customer_id: number;
  status: OrderStatus;
  payment_status: string;
  payment_id: string | null;
  total: number;
  provider: string | null;
  provider_ref: string | null;
}

/**
 * Closes a Booked order in one transaction: Cancelled (with the seller's reason when rejected), its stock back on
 * the listings (the catalogue products follow through their triggers), the customer mailed, and a card payment
 * refunded through its gateway for this order's total, last, so a refused refund closes nothing. The gateway's
 * reason for a refusal goes to the log; the client gets a generic message.
 */
export async function closeBookedOrder(ctx: AppContext, orderId: string, closer: Closer, log: PaymentLog) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<ClosingRow>(
      tx,
      sql`select o.store_id, o.customer_id, o.status, o.payment_status, o.payment_id, o.total, p.provider,
                 p.provider_ref
          from orders o left join payments p on p.id = o.payment_id
          where o.id = ${orderId} for update of o`,
    );
    // Someone else's order is "not found": order ids are sequential and must not tell what exists. A seller does
    // not see an online order until it is paid.
    const theirs =
      row &&
      (closer.by === 'customer'
        ? row.customer_id === closer.customerId
        : row.store_id === closer.storeId && row.payment_status !== 'pending' && row.payment_status !== 'expired');
    if (!row || !theirs) throw notFound(orderMessages.notFound);
    if (!canReject(row.status)) {
      throw conflict(closer.by === 'customer' ? orderMessages.cancelOnlyBooked : orderMessages.rejectOnlyBooked);
    }
    const paymentStatus =
      row.payment_status === 'paid' ? 'refunded' : row.payment_status === 'pending' ? 'expired' : row.payment_status;
    const reason = closer.by === 'seller' ? closer.reason : null;
    await tx.execute(
      sql`update orders set status = 'Cancelled', payment_status = ${paymentStatus}::payment_status,
            rejection_reason = ${reason}, updated_at = ${ctx.now()} where id = ${orderId}`,
    );
    await restockOrders(tx, [orderId]);
    const order = await findOrder(tx, orderId);
    if (closer.by === 'seller') {
      const paid = row.payment_status === 'paid';
      await mailRejection(tx, order, closer.reason, paid);
      await notifyCustomer(tx, {
        customerId: row.customer_id,
        createdAt: ctx.now(),
        ...customerNotices.rejected(order, closer.reason, paid),
      });
    } else {
      // The customer cancelled it themselves: the mail confirms it; a notification would tell them nothing new.
      await mailStatusChange(tx, order, 'Cancelled');
    }
    if (row.payment_status === 'paid') {
      const payment = { paymentId: row.payment_id, provider: row.provider, providerRef: row.provider_ref };
      await refundOrder(ctx, { orderId, ...payment, amount: row.total }, log);
    }
  });
}

async function refundOrder(
  ctx: AppContext,
  refund: {
    orderId: string;
    paymentId: string | null;
    provider: string | null;
    providerRef: string | null;
    amount: number;
  },
  log: PaymentLog,
): Promise<void> {
  const refused = (reason: string, error?: unknown) => {
    log.error(
      { ...refund, reason, code: (error as { code?: string } | undefined)?.code },
      `${refund.provider} refund refused; the order stays open`,
    );
    return new HttpError(502, 'PAYMENT_PROVIDER', orderMessages.refundFailed);
  };
  // One key per order, whoever closes it: a retry, or a cancel racing a reject, refunds once.
  await refundPayment(ctx, refund, refund.amount, `refund-${refund.orderId}`).catch((error: unknown) => {
    throw refused(error instanceof Error ? error.message : String(error), error);
  });
}

/** The customer hears from the seller why, and what happens to their money. */
async function mailRejection(tx: Db, order: OrderView, reason: string, paidOnline: boolean): Promise<void> {
  await enqueueMail(tx, {
    to: order.customer.email,
    subject: `Your PriceHub order ${order.orderId} was rejected by ${order.store.name}`,
    text: [
      `Hello ${order.customer.name},`,
      '',
      `${order.store.name} could not take your order ${order.orderId} and has rejected it.`,
      `Their reason: ${reason}`,
      '',
      ...order.lines.map((l) => `- ${l.name} × ${l.quantity}`),
      `Total: ${formatRs(order.total)}`,
      paidOnline
        ? `Your payment of ${formatRs(order.total)} is refunded to your card; banks take a few days to show it.`
        : 'Nothing was charged.',
    ].join('\n'),
    dedupeKey: `order-rejected:${order.orderId}`,
  });
}
