import { and, eq, inArray } from 'drizzle-orm';
import { checkoutMessages, type PaymentView } from '@pricehub/shared/schemas/checkout';
import type { PaymentGateway } from '../../../adapters/payments/gateway';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { orderLines, orders, payments } from '../../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../../http/errors';
import { removeBoughtFromCart } from '../../cart/queries';
import { announceOrders, loadOrderAnnouncements } from '../announce';
import { restockOrders } from '../repository';

/** Every online payment is in Pakistani rupees; a session that collected another currency paid nothing of ours. */
export const PAYMENT_CURRENCY = 'pkr';

/** Starts paying for a checkout's orders at `gateway` (a Stripe Checkout Session, or the test gateway's page). */
export async function openOnlinePayment(
  ctx: AppContext,
  gateway: PaymentGateway,
  request: {
    paymentId: string;
    customerEmail: string;
    orders: { orderId: string; total: number; storeName: string }[];
    expiresAt: Date;
  },
): Promise<string> {
  try {
    const opened = await gateway.open({
      paymentId: request.paymentId,
      customerEmail: request.customerEmail,
      currency: PAYMENT_CURRENCY,
      lines: request.orders.map((o) => ({ name: `Order ${o.orderId} from ${o.storeName}`, amount: o.total })),
      successUrl: `${ctx.config.publicUrl}/checkout-success?payment=${request.paymentId}`,
      cancelUrl: `${ctx.config.publicUrl}/shoppingCart`,
      expiresAt: request.expiresAt,
    });
    if (opened.ref) {
      await ctx.db.update(payments).set({ providerRef: opened.ref }).where(eq(payments.id, request.paymentId));
    }
    return opened.url;
  } catch (error) {
    // No session, no way to pay: give the stock back now rather than holding it for 30 minutes.
    await releasePayment(ctx, request.paymentId, 'expired');
    // The provider's own words stay in the log (the checkout route logs the cause); the shopper gets ours.
    throw Object.assign(new HttpError(502, 'PAYMENT_PROVIDER', checkoutMessages.onlineUnavailable), { cause: error });
  }
}

/**
 * Gives `amount` of a paid payment back through the gateway it went through. Throws when that gateway is not
 * configured now, or refuses.
 */
export async function refundPayment(
  ctx: AppContext,
  payment: { provider: string | null; providerRef: string | null },
  amount: number,
  idempotencyKey: string,
): Promise<void> {
  const gateway = payment.provider ? ctx.payments.gateway(payment.provider) : null;
  if (!gateway) throw new Error('online payments are not configured');
  await gateway.refund(payment.providerRef, amount, idempotencyKey);
}

/**
 * Marks a payment and its orders paid, empties those listings from the cart, and announces the orders.
 * Idempotent: only a pending payment changes, so a replayed webhook or a double click does nothing.
 */
export async function markPaid(ctx: AppContext, paymentId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ status: 'paid' })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning();
    if (!payment) return false;
    const paid = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', updatedAt: ctx.now() })
      .where(and(eq(orders.paymentId, paymentId), eq(orders.paymentStatus, 'pending')))
      .returning({ id: orders.id });
    const orderIds = paid.map((o) => o.id);
    if (orderIds.length > 0) {
      const bought = await tx
        .select({ listingId: orderLines.listingId })
        .from(orderLines)
        .where(inArray(orderLines.orderId, orderIds));
      const listingIds = bought.map((b) => b.listingId).filter((id): id is number => id !== null);
      await removeBoughtFromCart(tx, payment.customerId, listingIds);
      await announceOrders(tx, ctx, await loadOrderAnnouncements(tx, orderIds));
    }
    return true;
  });
}

/** Ends an unpaid payment: its orders are Cancelled and their stock goes back. Only a pending payment changes. */
export async function releasePayment(ctx: AppContext, paymentId: string, status: 'expired'): Promise<boolean> {
  return ctx.db.transaction(async (tx) => releasePaymentIn(tx, ctx, paymentId, status));
}

/** releasePayment inside a caller's transaction. */
export async function releasePaymentIn(
  tx: Db,
  ctx: AppContext,
  paymentId: string,
  status: 'expired',
): Promise<boolean> {
  const [payment] = await tx
    .update(payments)
    .set({ status })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning();
  if (!payment) return false;
  const cancelled = await tx
    .update(orders)
    .set({ status: 'Cancelled', paymentStatus: status, updatedAt: ctx.now() })
    .where(and(eq(orders.paymentId, paymentId), eq(orders.status, 'Booked'), eq(orders.paymentStatus, 'pending')))
    .returning({ id: orders.id });
  await restockOrders(
    tx,
    cancelled.map((o) => o.id),
  );
  return true;
}

/** A payment as its owner sees it (the test gateway page and the receipt read it). Others get 404. */
export async function getPayment(ctx: AppContext, customerId: number, paymentId: string): Promise<PaymentView> {
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)));
  if (!payment) throw notFound(checkoutMessages.paymentNotFound);
  const linked = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentId, paymentId))
    .orderBy(orders.id);
  return {
    id: payment.id,
    provider: payment.provider,
    amount: payment.amount,
    status: payment.status,
    expiresAt: payment.expiresAt.toISOString(),
    orderIds: linked.map((o) => o.id),
  };
}

async function ownTestPayment(ctx: AppContext, customerId: number, paymentId: string): Promise<PaymentView> {
  if (!ctx.payments.gateway('test')) throw notFound(checkoutMessages.paymentNotFound);
  const payment = await getPayment(ctx, customerId, paymentId);
  if (payment.provider !== 'test') throw badRequest(checkoutMessages.paymentNotFound);
  if (payment.status !== 'pending') throw conflict(checkoutMessages.paymentClosed);
  if (new Date(payment.expiresAt) <= ctx.now()) throw conflict(checkoutMessages.paymentClosed);
  return payment;
}

export async function payWithTestGateway(ctx: AppContext, customerId: number, paymentId: string) {
  await ownTestPayment(ctx, customerId, paymentId);
  if (!(await markPaid(ctx, paymentId))) throw conflict(checkoutMessages.paymentClosed);
  return { message: checkoutMessages.paid, payment: await getPayment(ctx, customerId, paymentId) };
}

export async function cancelWithTestGateway(ctx: AppContext, customerId: number, paymentId: string) {
  await ownTestPayment(ctx, customerId, paymentId);
  if (!(await releasePayment(ctx, paymentId, 'expired'))) throw conflict(checkoutMessages.paymentClosed);
  return { message: checkoutMessages.cancelled, payment: await getPayment(ctx, customerId, paymentId) };
}
