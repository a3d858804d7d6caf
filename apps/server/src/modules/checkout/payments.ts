import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { checkoutMessages, type PaymentView } from '@pricehub/shared/schemas/checkout';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { cartItems, orderLines, orders, payments } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { createStripeGateway, type StripeGateway, type StripeSettings } from '../../adapters/payments/stripe';
import { announceOrders, loadOrderAnnouncements } from '../notifications/announce';
import { restockOrders } from '../orders/repository';

const gateways = new WeakMap<object, StripeGateway>();

/** One Stripe client per configuration (the SDK keeps a connection pool). */
export function stripeGateway(ctx: AppContext): StripeGateway | undefined {
  const settings = ctx.config.stripe as StripeSettings | undefined;
  if (!settings) return undefined;
  let gateway = gateways.get(settings);
  if (!gateway) {
    gateway = createStripeGateway(settings);
    gateways.set(settings, gateway);
  }
  return gateway;
}

// Stripe refuses sessions that expire sooner than 30 minutes after creation; ours closes them itself at 30.
const STRIPE_SESSION_SLACK_MS = 2 * 60_000;

/** Starts paying for a checkout's orders: a Stripe Checkout Session, or the built-in test gateway's page. */
export async function openOnlinePayment(
  ctx: AppContext,
  request: {
    paymentId: string;
    customerEmail: string;
    orders: { orderId: string; total: number; storeName: string }[];
    expiresAt: Date;
  },
): Promise<string> {
  const gateway = stripeGateway(ctx);
  if (!gateway) return `/pay/test/${request.paymentId}`;
  try {
    const session = await gateway.createCheckoutSession({
      paymentId: request.paymentId,
      customerEmail: request.customerEmail,
      currency: 'pkr',
      lines: request.orders.map((o) => ({ name: `Order ${o.orderId} from ${o.storeName}`, amount: o.total })),
      successUrl: `${ctx.config.publicUrl}/checkout-success?payment=${request.paymentId}`,
      cancelUrl: `${ctx.config.publicUrl}/shoppingCart`,
      expiresAt: new Date(request.expiresAt.getTime() + STRIPE_SESSION_SLACK_MS),
    });
    await ctx.db.update(payments).set({ providerRef: session.id }).where(eq(payments.id, request.paymentId));
    return session.url;
  } catch (error) {
    // No session, no way to pay: give the stock back now rather than holding it for 30 minutes.
    await releasePayment(ctx, request.paymentId, 'expired');
    // Stripe's own words stay in the log (the checkout route logs the cause); the shopper gets ours.
    throw Object.assign(new HttpError(502, 'PAYMENT_PROVIDER', checkoutMessages.onlineUnavailable), { cause: error });
  }
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
      if (listingIds.length > 0) {
        await tx
          .delete(cartItems)
          .where(and(eq(cartItems.customerId, payment.customerId), inArray(cartItems.listingId, listingIds)));
      }
      await announceOrders(tx, ctx, await loadOrderAnnouncements(tx, orderIds));
    }
    return true;
  });
}

/** Ends an unpaid payment: its orders are Cancelled and their stock goes back. Only a pending payment changes. */
export async function releasePayment(ctx: AppContext, paymentId: string, status: 'expired'): Promise<boolean> {
  return ctx.db.transaction(async (tx) => releasePaymentIn(tx, ctx, paymentId, status));
}

async function releasePaymentIn(tx: Db, ctx: AppContext, paymentId: string, status: 'expired'): Promise<boolean> {
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

/** Online payments whose 30 minutes have passed unpaid: close the Stripe session, then release the stock. */
export async function releaseExpiredPayments(ctx: AppContext): Promise<{ released: number; paid: number }> {
  const due = await ctx.db
    .select({ id: payments.id, provider: payments.provider, providerRef: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lte(payments.expiresAt, ctx.now())))
    .limit(200);
  let released = 0;
  let paid = 0;
  for (const payment of due) {
    const gateway = stripeGateway(ctx);
    if (payment.provider === 'stripe' && payment.providerRef && gateway) {
      // The customer may have paid in the last seconds: closing the session first makes the answer final.
      const session = await gateway.expireCheckoutSession(payment.providerRef);
      if (session.paid) {
        if (await markPaid(ctx, payment.id)) paid++;
        continue;
      }
    }
    if (await releasePayment(ctx, payment.id, 'expired')) released++;
  }
  return { released, paid };
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
  if (!ctx.config.testGateway) throw notFound(checkoutMessages.paymentNotFound);
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

const paymentIdOf = (session: Stripe.Checkout.Session) => session.metadata?.paymentId ?? session.client_reference_id;

/**
 * Why a session does not belong to the payment it names, or null when it does: the session must be the one we opened
 * for it, and a paid one must have collected the payment's amount in rupees. A signed event is still checked, so a
 * session opened elsewhere on the account (another integration, a test, a tampered metadata field) marks nothing paid.
 */
async function sessionMismatch(
  ctx: AppContext,
  paymentId: string,
  session: Stripe.Checkout.Session,
  paid: boolean,
): Promise<string | null> {
  const [payment] = await ctx.db
    .select({ amount: payments.amount, provider: payments.provider, providerRef: payments.providerRef })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!payment) return 'no such payment';
  if (payment.provider !== 'stripe' || payment.providerRef !== session.id) return 'session id differs';
  if (paid && (session.amount_total !== payment.amount || session.currency?.toLowerCase() !== 'pkr')) {
    return 'amount differs';
  }
  return null;
}

/** Acts on a verified Stripe event; other event types are acknowledged and ignored. */
export async function handleStripeEvent(ctx: AppContext, event: Stripe.Event, log: FastifyBaseLogger): Promise<void> {
  const completed =
    event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
  const ended = event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed';
  if (!completed && !ended) return;
  const session = event.data.object;
  const paymentId = paymentIdOf(session);
  if (!paymentId || (completed && session.payment_status !== 'paid')) return;
  const mismatch = await sessionMismatch(ctx, paymentId, session, completed);
  if (mismatch) {
    // Acknowledged (a retry would say the same) but not applied; someone should look.
    log.error(
      {
        eventId: event.id,
        eventType: event.type,
        paymentId,
        sessionId: session.id,
        amountTotal: session.amount_total,
        currency: session.currency,
      },
      `stripe webhook not applied: ${mismatch}`,
    );
    return;
  }
  if (completed) await markPaid(ctx, paymentId);
  else await releasePayment(ctx, paymentId, 'expired');
}
