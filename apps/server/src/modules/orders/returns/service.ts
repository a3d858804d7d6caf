import { orderMessages } from '@pricehub/shared/schemas/order';
import {
  RETURN_WINDOW_DAYS,
  returnMessages,
  type OrderReturns,
  type ReturnDecisionInput,
  type ReturnView,
} from '@pricehub/shared/schemas/return';
import type { AppContext } from '../../../context';
import { isUniqueViolation } from '../../../db/errors';
import { conflict, HttpError, notFound } from '../../../http/errors';
import { enqueueMail, enqueueMails } from '../../mail/outbox';
import { notifyCustomer } from '../../notifications/customer-notice';
import { addStoreNotice } from '../../notifications/store-notice';
import { describeLines } from '../announce';
import { refundPayment } from '../checkout/payments';
import { customerNotices } from '../customer-notices';
import { markOrderRefunded } from '../queries';
import { findOrder, restockOrders } from '../repository';
import { decisionMail, requestMails } from './mails';
import {
  findReturn,
  insertReturn,
  liveReturnOf,
  lockReturn,
  orderForReturn,
  orderReturnList,
  recordDecision,
  returnCounts,
  returnHeader,
  storeContact,
  storeReturnList,
  type LockedOrder,
} from './repository';

const WINDOW_MS = RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Until when a Completed order may be returned; null when it is not Completed. */
const deadlineOf = (order: Pick<LockedOrder, 'status' | 'completed_at'>) =>
  order.status === 'Completed' && order.completed_at
    ? new Date(new Date(order.completed_at).getTime() + WINDOW_MS)
    : null;

/** Why this order cannot be returned now (the 409's message), or null when it can. */
function refusal(order: LockedOrder, now: Date, live: boolean): string | null {
  const deadline = deadlineOf(order);
  if (!deadline) return returnMessages.onlyCompleted;
  if (live) return returnMessages.alreadyRequested;
  if (now > deadline) return returnMessages.windowClosed;
  return null;
}

/** The customer asks to send back their Completed order; its seller is notified and both are mailed. */
export async function requestReturn(ctx: AppContext, customerId: number, orderId: string, reason: string) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const order = await orderForReturn(tx, orderId, true);
      // Another customer's order is "not found": order ids are sequential and must not tell what exists.
      if (!order || order.customer_id !== customerId) throw notFound(orderMessages.notFound);
      const why = refusal(order, ctx.now(), !!(await liveReturnOf(tx, orderId)));
      if (why) throw conflict(why);
      const id = await insertReturn(tx, { orderId, storeId: order.store_id, reason, createdAt: ctx.now() });
      const view = await findOrder(tx, orderId);
      await addStoreNotice(tx, {
        storeId: order.store_id,
        orderId,
        message: `${returnMessages.newRequest}: ${orderId}`,
        product: describeLines(view),
        customer: view.customer.name,
        total: view.total,
        createdAt: ctx.now(),
      });
      const seller = await storeContact(tx, order.store_id);
      await enqueueMails(tx, requestMails(view, id, reason, seller, ctx.config.publicUrl));
      await notifyCustomer(tx, {
        customerId,
        createdAt: ctx.now(),
        ...customerNotices.returnRequested(view, reason),
      });
      return { message: returnMessages.requested, return: { id, status: 'Requested' as const } };
    });
  } catch (error) {
    // Two requests at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(returnMessages.alreadyRequested);
    throw error;
  }
}

/** The order's returns and whether another may be asked for now; only the order's customer sees them. */
export async function orderReturns(ctx: AppContext, customerId: number, orderId: string): Promise<OrderReturns> {
  const order = await orderForReturn(ctx.db, orderId, false);
  if (!order || order.customer_id !== customerId) throw notFound(orderMessages.notFound);
  const returns = await orderReturnList(ctx.db, orderId);
  const live = returns.some((r) => r.status !== 'Refused');
  const why = refusal(order, ctx.now(), live);
  const deadline = deadlineOf(order);
  return {
    returns,
    canRequest: why === null,
    message: why === returnMessages.alreadyRequested ? null : why,
    deadline: deadline?.toISOString() ?? null,
  };
}

export const storeReturns = (ctx: AppContext, storeId: number): Promise<ReturnView[]> =>
  storeReturnList(ctx.db, storeId);

/** The seller dashboard's counts of the store's returns. */
export const storeReturnCounts = (ctx: AppContext, storeId: number) => returnCounts(ctx.db, storeId);

const refundWording = (order: LockedOrder, paymentMethod: 'online' | 'cashOnDel') =>
  paymentMethod === 'cashOnDel'
    ? 'cash, handed back by the seller'
    : order.provider === 'stripe'
      ? 'to the card you paid with'
      : 'to your online payment';

/**
 * The seller accepts or refuses a return of their store's order. Accepting puts the items back on the shelves,
 * marks the order's payment refunded and gives a card payment back through its gateway: the refund is the last
 * step, so a failed refund leaves the return open (nothing else is kept) and the seller may try again.
 */
export async function decideReturn(ctx: AppContext, storeId: number, returnId: number, input: ReturnDecisionInput) {
  const header = await returnHeader(ctx.db, returnId);
  // Another store's return is "not found" like a missing one.
  if (!header || header.store_id !== storeId) throw notFound(returnMessages.notFound);
  await ctx.db.transaction(async (tx) => {
    const order = (await orderForReturn(tx, header.order_id, true))!;
    const current = await lockReturn(tx, returnId);
    if (!current) throw notFound(returnMessages.notFound);
    if (current.status !== 'Requested') throw conflict(returnMessages.alreadyDecided);
    const view = await findOrder(tx, header.order_id);
    const note = input.reason ?? '';
    if (input.decision === 'refuse') {
      await recordDecision(tx, returnId, { status: 'Refused', reason: note, refundAmount: null, decidedAt: ctx.now() });
      await enqueueMail(tx, decisionMail(view, returnId, { accepted: false, reason: note }, ctx.config.publicUrl));
      await notifyCustomer(tx, {
        customerId: order.customer_id,
        createdAt: ctx.now(),
        ...customerNotices.returnRefused(view, note),
      });
      return;
    }
    const refund = order.total;
    await recordDecision(tx, returnId, {
      status: 'Accepted',
      reason: note,
      refundAmount: refund,
      decidedAt: ctx.now(),
    });
    await restockOrders(tx, [header.order_id]);
    const paid = order.payment_status === 'paid';
    if (paid || order.payment_status === 'not_required') await markOrderRefunded(tx, header.order_id, ctx.now());
    const how = refundWording(order, view.paymentMethod);
    await enqueueMail(tx, decisionMail(view, returnId, { accepted: true, refund, how, note }, ctx.config.publicUrl));
    await notifyCustomer(tx, {
      customerId: order.customer_id,
      createdAt: ctx.now(),
      ...customerNotices.returnAccepted(view, { amount: refund, how, note }),
    });
    if (paid) {
      const payment = { provider: order.provider, providerRef: order.provider_ref };
      await refundPayment(ctx, payment, refund, `return-${returnId}`).catch((error: unknown) => {
        throw Object.assign(new HttpError(502, 'PAYMENT_PROVIDER', returnMessages.refundFailed), { cause: error });
      });
    }
  });
  const decided = await findReturn(ctx.db, returnId);
  return {
    message: input.decision === 'accept' ? returnMessages.accepted : returnMessages.refused,
    return: decided!,
  };
}
