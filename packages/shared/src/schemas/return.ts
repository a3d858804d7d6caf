import { z } from 'zod';
import { idInput } from './id';

/** How long after an order is Completed its customer may still ask to return it. */
export const RETURN_WINDOW_DAYS = 7;

export const returnMessages = {
  reasonRequired: 'Please tell the seller why you are returning this order',
  reasonTooLong: 'Please keep the reason under 1000 characters',
  refuseReasonRequired: 'Please give the customer a reason for refusing',
  decisionInvalid: 'Please choose accept or refuse',
  requested: 'Return requested. The seller will answer soon.',
  onlyCompleted: 'Only a Completed order can be returned',
  windowClosed: `Returns can be requested within ${RETURN_WINDOW_DAYS} days of the order being Completed`,
  alreadyRequested: 'A return has already been requested for this order',
  notFound: 'Return not found',
  alreadyDecided: 'This return has already been decided',
  accepted: 'Return accepted. The items are back in stock and the customer is refunded.',
  refused: 'Return refused. The customer has been told why.',
  refundFailed: 'The refund could not be made right now, so the return is still open. Please try again.',
  newRequest: 'Return requested',
} as const;
const m = returnMessages;

export const returnStatuses = ['Requested', 'Accepted', 'Refused'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

const reason = z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(1000, m.reasonTooLong);

/** POST /api/orders/:orderId/returns */
export const returnRequestInput = z.object({ reason });
export type ReturnRequestInput = z.infer<typeof returnRequestInput>;

/** PUT /api/seller/returns/:id: refusing needs a reason the customer will read; accepting may add a note. */
export const returnDecisionInput = z
  .object({
    decision: z.enum(['accept', 'refuse'], { error: m.decisionInvalid }),
    reason: z.string().trim().max(1000, m.reasonTooLong).optional(),
  })
  .superRefine((input, issue) => {
    if (input.decision === 'refuse' && !input.reason) {
      issue.addIssue({ code: 'custom', path: ['reason'], message: m.refuseReasonRequired });
    }
  });
export type ReturnDecisionInput = z.infer<typeof returnDecisionInput>;

export const returnIdParams = z.object({ id: idInput(m.notFound) });

export interface ReturnView {
  id: number;
  orderId: string;
  status: ReturnStatus;
  reason: string;
  /** The seller's words with the decision ('' until decided, or when accepting without a note). */
  decisionReason: string;
  /** Paisa given back when accepted; null otherwise. */
  refundAmount: number | null;
  createdAt: string;
  decidedAt: string | null;
  order: {
    total: number;
    paymentMethod: 'online' | 'cashOnDel';
    paymentStatus: 'not_required' | 'pending' | 'paid' | 'expired' | 'refunded';
    store: { slug: string; name: string };
    customer: { name: string };
    lines: { name: string; quantity: number }[];
  };
}

/** GET /api/orders/:orderId/returns: the order's returns, newest first, and whether another may be asked. */
export interface OrderReturns {
  returns: ReturnView[];
  /** Whether the customer may ask now; when not, `message` says why (null when a return is simply open). */
  canRequest: boolean;
  message: string | null;
  /** The last moment a return may be asked (Completed + 7 days); null before the order is Completed. */
  deadline: string | null;
}
