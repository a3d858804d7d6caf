import { formatRs } from '@pricehub/shared/rules/money';
import type { OutgoingMail } from '../mail/outbox';
import { quoted } from './moderation-mails';

export interface EscalationParties {
  complaintId: number;
  subject: string;
  orderId: string;
  customerName: string;
  customerEmail: string;
  storeName: string;
  sellerName: string;
  sellerEmail: string;
}

/** The seller hears that their answer to a complaint went to the PriceHub team. */
export function escalatedMail(publicUrl: string, p: EscalationParties, reason: string): OutgoingMail {
  return {
    to: p.sellerEmail,
    subject: `A complaint about order ${p.orderId} is escalated to PriceHub`,
    text:
      `Hello ${p.sellerName},\n\n` +
      `${p.customerName} has escalated the complaint "${p.subject}" about order ${p.orderId}, which your store ` +
      `${p.storeName} marked Resolved. Their reason:\n\n${quoted(reason)}\n\n` +
      `The PriceHub team will look at it and write to you both.\n\n` +
      `Your complaints: ${publicUrl}/seller/viewcomplain\n`,
    dedupeKey: `complaint-escalated:${p.complaintId}`,
  };
}

/** The operator's answer, to both sides: what was decided, and the refund when there was one. */
export function escalationAnswerMails(
  publicUrl: string,
  p: EscalationParties,
  answer: { message: string; refund: number | null },
): OutgoingMail[] {
  const decision =
    answer.refund === null
      ? 'The PriceHub team has closed the escalation.'
      : `The PriceHub team has refunded ${formatRs(answer.refund)} of order ${p.orderId} to the customer's card.`;
  const body = (name: string) =>
    `Hello ${name},\n\n` +
    `About the complaint "${p.subject}" (order ${p.orderId}, ${p.storeName}):\n\n${decision}\n\n` +
    `The PriceHub team writes:\n\n${quoted(answer.message)}\n`;
  return [
    {
      to: p.customerEmail,
      subject: `Your escalated complaint about order ${p.orderId}`,
      text: `${body(p.customerName)}\nYour complaints: ${publicUrl}/viewcomplain\n`,
      dedupeKey: `complaint-escalation-answer:${p.complaintId}:customer`,
    },
    {
      to: p.sellerEmail,
      subject: `The escalated complaint about order ${p.orderId}`,
      text: `${body(p.sellerName)}\nYour complaints: ${publicUrl}/seller/viewcomplain\n`,
      dedupeKey: `complaint-escalation-answer:${p.complaintId}:seller`,
    },
  ];
}
