import { formatRs } from '@pricehub/shared/rules/money';
import type { OrderView } from '@pricehub/shared/schemas/order';
import { RETURN_WINDOW_DAYS } from '@pricehub/shared/schemas/return';
import type { CustomerNoticeWording } from '../notifications/customer-notice';
import { describeLines } from './announce';

type AboutOrder = Pick<OrderView, 'orderId' | 'store' | 'lines' | 'total' | 'paymentMethod'>;

/** The wording of every customer notification about an order, next to the mail each accompanies. */
export const customerNotices = {
  statusChanged(order: AboutOrder, status: 'Accepted' | 'Shipped' | 'Completed'): CustomerNoticeWording {
    const body = {
      Accepted: [
        `${order.store.name} accepted your order: ${describeLines(order)}.`,
        'We will tell you when it ships.',
      ],
      Shipped: [
        `${order.store.name} has shipped your order: ${describeLines(order)}.`,
        ...(order.paymentMethod === 'cashOnDel' ? [`Please pay ${formatRs(order.total)} in cash on delivery.`] : []),
      ],
      Completed: [
        `Your order from ${order.store.name} is complete.`,
        `Not happy with it? You can ask to return it within ${RETURN_WINDOW_DAYS} days.`,
      ],
    }[status];
    return {
      orderId: order.orderId,
      kind: 'order_status',
      title: `Order ${order.orderId} ${status.toLowerCase()}`,
      body: body.join('\n'),
    };
  },

  rejected(order: AboutOrder, reason: string, paidOnline: boolean): CustomerNoticeWording {
    return {
      orderId: order.orderId,
      kind: 'order_rejected',
      title: `Order ${order.orderId} rejected by ${order.store.name}`,
      body: [
        `Their reason: ${reason}`,
        paidOnline
          ? `Your payment of ${formatRs(order.total)} is refunded to your card; banks take a few days to show it.`
          : 'Nothing was charged.',
      ].join('\n'),
    };
  },

  returnRequested(order: AboutOrder, reason: string): CustomerNoticeWording {
    return {
      orderId: order.orderId,
      kind: 'return_requested',
      title: `Return requested for order ${order.orderId}`,
      body: [
        `We have passed your request to ${order.store.name}; they will accept or refuse it.`,
        `Your reason: ${reason}`,
      ].join('\n'),
    };
  },

  returnAccepted(order: AboutOrder, refund: { amount: number; how: string; note: string }): CustomerNoticeWording {
    return {
      orderId: order.orderId,
      kind: 'return_accepted',
      title: `Return of order ${order.orderId} accepted`,
      body: [
        `${order.store.name} accepted your return. Refund: ${formatRs(refund.amount)} (${refund.how}).`,
        ...(refund.note ? [`The seller adds: ${refund.note}`] : []),
      ].join('\n'),
    };
  },

  returnRefused(order: AboutOrder, reason: string): CustomerNoticeWording {
    return {
      orderId: order.orderId,
      kind: 'return_refused',
      title: `Return of order ${order.orderId} refused`,
      body: [`${order.store.name} refused your return.`, `Their reason: ${reason}`].join('\n'),
    };
  },

  /** A card payment that arrived after its orders had been cancelled went back to the card. */
  lateRefund(orderIds: string[], amount: number): CustomerNoticeWording {
    return {
      orderId: orderIds[0]!,
      kind: 'payment_refunded',
      title: `Your payment of ${formatRs(amount)} is refunded`,
      body: [
        `Your card payment reached us after your order ${orderIds.join(', ')} had been cancelled, so nothing was sold ` +
          'for it.',
        'We have refunded it to your card; banks take a few days to show it.',
      ].join('\n'),
    };
  },
};
