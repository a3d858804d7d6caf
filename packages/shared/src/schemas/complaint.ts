import { z } from 'zod';
import type { ComplaintEscalation } from './operator-escalations';

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

export interface Complaint {
  id: number;
  orderId: string;
  subject: string;
  description: string;
  status: ComplaintStatus;
  actionTaken: string;
  createdAt: string;
  updatedAt: string;
  store: { name: string; slug: string };
  customer: { name: string; email: string };
  /** The customer's appeal to the PriceHub team, once the seller resolved it; null when there is none. */
  escalation: ComplaintEscalation | null;
}
