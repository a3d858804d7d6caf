import { z } from 'zod';
import { idInput } from './id';
import { complaintEscalation, complaintStatuses } from './complaint';
import { pageOf } from './response';

export { escalationStatuses, type ComplaintEscalation, type EscalationStatus } from './complaint';

/** A customer's appeal against a complaint its seller resolved, and the operator's answer: a refund or a close. */
export const escalationMessages = {
  notFound: 'Complaint not found',
  reasonRequired: 'Please say why the seller’s answer did not resolve your complaint (at least 5 characters)',
  reasonTooLong: 'The reason can be at most 2000 characters',
  notResolved: 'You can escalate a complaint once the seller has marked it Resolved',
  already: 'You have already escalated this complaint',
  escalated: 'Your complaint is escalated to the PriceHub team; we will reply by email',
  messageRequired: 'Please write a message of at least 5 characters; both the customer and the seller receive it',
  messageTooLong: 'The message can be at most 2000 characters',
  notOpen: 'This escalation is already closed',
  badAmount: 'The refund must be a whole number of paisa from 1 to the order total',
  notRefundable: 'This order was not paid online, or its payment is already refunded; close the escalation instead',
  refundFailed: 'The payment provider did not accept the refund; the escalation stays open. Please try again later.',
  refunded: 'Refunded; the customer and the seller have been told',
  closed: 'The escalation is closed; the customer and the seller have been told',
} as const;
const m = escalationMessages;

export const complaintIdParams = z.object({ id: idInput(m.notFound) });

export const escalateInput = z.object({
  reason: z.string({ error: m.reasonRequired }).trim().min(5, m.reasonRequired).max(2000, m.reasonTooLong),
});
export type EscalateInput = z.infer<typeof escalateInput>;

const message = z.string({ error: m.messageRequired }).trim().min(5, m.messageRequired).max(2000, m.messageTooLong);

export const closeEscalationInput = z.object({ message });
export type CloseEscalationInput = z.infer<typeof closeEscalationInput>;

/** `amount` in paisa; left out, the order's whole total is refunded. */
export const refundEscalationInput = z.object({
  message,
  amount: z.coerce
    .number({ error: m.badAmount })
    .int(m.badAmount)
    .min(1, m.badAmount)
    .max(1e12, m.badAmount)
    .optional(),
});
export type RefundEscalationInput = z.infer<typeof refundEscalationInput>;

export const escalationQuery = z.object({
  status: z.enum(['open', 'done']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type EscalationQuery = z.infer<typeof escalationQuery>;

/** One row of the operators' escalations page. Money in paisa. */
export const escalation = complaintEscalation.extend({
  complaintId: z.number().int(),
  complaint: z.object({
    subject: z.string(),
    description: z.string(),
    status: z.enum(complaintStatuses),
    actionTaken: z.string(),
  }),
  order: z.object({
    id: z.string(),
    total: z.number().int(),
    paymentMethod: z.enum(['online', 'cashOnDel']),
    paymentStatus: z.string(),
    /** Whether "Refund" can work: a paid card payment not yet refunded. */
    refundable: z.boolean(),
  }),
  customer: z.object({ name: z.string(), email: z.string() }),
  store: z.object({ name: z.string(), slug: z.string() }),
});
export type Escalation = z.infer<typeof escalation>;

export const escalationPage = pageOf(escalation);
export type EscalationPage = z.infer<typeof escalationPage>;

/** POST /api/complaints/:id/escalate: the customer's appeal as filed. */
export const escalationFiled = z.object({ message: z.string(), escalation: complaintEscalation });
/** An operator's refund or close: the toast's wording and the escalation as it is now. */
export const escalationAnswered = z.object({ message: z.string(), item: escalation });
