import type { Complaint } from '@pricehub/shared/schemas/complaint';

/** The session answer of Ayesha, the customer who files the complaints below. */
export const ayeshaSession: [number, unknown] = [
  200,
  { user: { id: 1, role: 'customer', email: 'c@example.test', name: 'Ayesha', store: null } },
];

/** Ayesha's complaint about order SG10001 at Mobile Mart, which the seller has resolved. */
export const complaint = (over: Partial<Complaint> = {}): Complaint => ({
  id: 4,
  orderId: 'SG10001',
  subject: 'Screen arrived cracked',
  description: 'Cracked in the box',
  status: 'Resolved',
  actionTaken: 'Told the customer to glue it',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  store: { name: 'Mobile Mart', slug: 'mobile-mart' },
  customer: { name: 'Ayesha', email: 'c@example.test' },
  escalation: null,
  ...over,
});
