import { z } from 'zod';
import { isoTime } from './response';

export const complaintMessages = {
  orderRequired: 'Please select an order',
  subjectRequired: 'Subject is required',
  descriptionRequired: 'Description is required',
  registered: 'Complaint registered',
  updated: 'Complaint updated',
  orderNotFound: 'Order not found',
  notFound: 'Complaint not found',
} as const;
const m = complaintMessages;

export const complaintStatuses = ['Open', 'In progress', 'Resolved'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];

export const complaintInput = z.object({
  orderId: z.string({ error: m.orderRequired }).trim().min(1, m.orderRequired).max(40),
  subject: z.string({ error: m.subjectRequired }).trim().min(1, m.subjectRequired).max(200),
  description: z.string({ error: m.descriptionRequired }).trim().min(1, m.descriptionRequired).max(4000),
});
export type ComplaintInput = z.infer<typeof complaintInput>;

export const complaintUpdate = z.object({
  status: z.enum(complaintStatuses, { error: 'Please choose a status' }),
  actionTaken: z.string().trim().max(4000).default(''),
});
export type ComplaintUpdate = z.infer<typeof complaintUpdate>;

export const escalationStatuses = ['open', 'refunded', 'closed'] as const;
export type EscalationStatus = (typeof escalationStatuses)[number];

/** What the customer's complaint shows of its escalation (operator-escalations.ts). Money in paisa. */
export const complaintEscalation = z.object({
  status: z.enum(escalationStatuses),
  reason: z.string(),
  resolution: z.string(),
  refundAmount: z.number().int().nullable(),
  createdAt: isoTime,
  resolvedAt: isoTime.nullable(),
});
export type ComplaintEscalation = z.infer<typeof complaintEscalation>;

export const complaint = z.object({
  id: z.number().int(),
  orderId: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(complaintStatuses),
  actionTaken: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  store: z.object({ name: z.string(), slug: z.string() }),
  customer: z.object({ name: z.string(), email: z.string() }),
  /** The customer's appeal to the PriceHub team, once the seller resolved it; null when there is none. */
  escalation: complaintEscalation.nullable(),
});
export type Complaint = z.infer<typeof complaint>;

export const complaintList = z.object({ complaints: z.array(complaint) });
export const complaintSaved = z.object({ message: z.string(), complaint });
