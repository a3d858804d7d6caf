import { formatRs } from '@pricehub/shared/rules/money';
import type { OrderView } from '@pricehub/shared/schemas/order';
import type { OutgoingMail } from '../../mail/outbox';

/** What the mails about one return say: each step of it, to the customer and (for a new request) to the seller. */

const lineList = (order: OrderView) => order.lines.map((l) => `- ${l.name} × ${l.quantity}`);

export function requestMails(
  order: OrderView,
  returnId: number,
  reason: string,
  seller: { email: string; name: string },
  publicUrl: string,
): OutgoingMail[] {
  return [
    {
      to: order.customer.email,
      subject: `Your return request for PriceHub order ${order.orderId}`,
      text: [
        `Hello ${order.customer.name},`,
        '',
        `We have passed your request to return order ${order.orderId} to ${order.store.name}.`,
        ...lineList(order),
        `Your reason: ${reason}`,
        '',
        'The seller will accept or refuse it, and we will mail you their answer.',
        `Your order: ${publicUrl}/orders/${order.orderId}`,
      ].join('\n'),
      dedupeKey: `return-requested:${returnId}:customer`,
    },
    {
      to: seller.email,
      subject: `Return requested for order ${order.orderId}`,
      text: [
        `Hello ${seller.name},`,
        '',
        `${order.customer.name} asks to return order ${order.orderId} (${formatRs(order.total)}).`,
        ...lineList(order),
        `Reason: ${reason}`,
        '',
        `Accept or refuse it: ${publicUrl}/seller/returns`,
      ].join('\n'),
      dedupeKey: `return-requested:${returnId}:seller`,
    },
  ];
}

export function decisionMail(
  order: OrderView,
  returnId: number,
  decision: { accepted: true; refund: number; how: string; note: string } | { accepted: false; reason: string },
  publicUrl: string,
): OutgoingMail {
  const body = decision.accepted
    ? [
        `${order.store.name} accepted your return of order ${order.orderId}.`,
        ...lineList(order),
        `Refund: ${formatRs(decision.refund)} (${decision.how}).`,
        ...(decision.note ? [`The seller adds: ${decision.note}`] : []),
      ]
    : [
        `${order.store.name} refused your return of order ${order.orderId}.`,
        `Their reason: ${decision.reason}`,
        '',
        'If you disagree, you can register a complaint about this order from your account.',
      ];
  return {
    to: order.customer.email,
    subject: `Your return of PriceHub order ${order.orderId} was ${decision.accepted ? 'accepted' : 'refused'}`,
    text: [`Hello ${order.customer.name},`, '', ...body, '', `Your order: ${publicUrl}/orders/${order.orderId}`].join(
      '\n',
    ),
    dedupeKey: `return-decided:${returnId}`,
  };
}
