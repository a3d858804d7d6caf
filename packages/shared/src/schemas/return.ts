import { z } from 'zod';
import { paymentMethod, paymentStatus } from './checkout';
import { idInput } from './id';
import { orderStore } from './order';
import { isoTime } from './response';

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

export const returnView = z.object({
  id: z.number().int(),
  orderId: z.string(),
  status: z.enum(returnStatuses),
  reason: z.string(),
  /** The seller's words with the decision ('' until decided, or when accepting without a note). */
  decisionReason: z.string(),
  /** Paisa given back when accepted; null otherwise. */
  refundAmount: z.number().int().nullable(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
  order: z.object({
    total: z.number().int(),
    paymentMethod,
    paymentStatus,
    store: orderStore,
    customer: z.object({ name: z.string() }),
    lines: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  }),
});
export type ReturnView = z.infer<typeof returnView>;

/** GET /api/orders/:orderId/returns: the order's returns, newest first, and whether another may be asked. */
export const orderReturns = z.object({
  returns: z.array(returnView),
  /** Whether the customer may ask now; when not, `message` says why (null when a return is simply open). */
  canRequest: z.boolean(),
  message: z.string().nullable(),
  /** The last moment a return may be asked (Completed + 7 days); null before the order is Completed. */
  deadline: isoTime.nullable(),
});
export type OrderReturns = z.infer<typeof orderReturns>;

/** GET /api/seller/returns: the store's returns, newest first. */
export const storeReturnList = z.object({ returns: z.array(returnView) });

/** POST /api/orders/:orderId/returns: the new return, open until its seller decides. */
export const returnRequested = z.object({
  message: z.string(),
  return: z.object({ id: z.number().int(), status: z.literal('Requested') }),
});

/** PUT /api/seller/returns/:id: the toast's wording and the return as decided. */
export const returnDecided = z.object({ message: z.string(), return: returnView });
