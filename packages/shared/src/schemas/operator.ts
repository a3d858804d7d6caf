import { z } from 'zod';
import { OPERATOR_PAGE_SIZE } from '../rules/operator';
import { emailRule, passwordRule } from './account';
import { isoTime, pageOf } from './response';

/** The operator console's wording, used by the server, the command line and the web pages alike. */
export const operatorMessages = {
  emailTaken: 'An operator account with this email already exists',
  nameRequired: 'Please give the operator a name',
  emailRequired: 'Please give an email address',
  storeNotFound: 'Store not found',
  reasonRequired: 'Please give a reason of at least 5 characters; it is mailed to the seller',
  reasonTooLong: 'The reason can be at most 1000 characters',
  alreadySuspended: 'This store is already suspended',
  notSuspended: 'This store is not suspended',
  suspended: (store: string) => `${store} is suspended; its seller has been mailed the reason`,
  reopened: (store: string) => `${store} is reopened; its seller has been mailed`,
} as const;

/** `npm run operator -- create`: the same email and password rules as the sign-up forms. */
export const operatorAccountInput = z.object({
  email: z.string().trim().min(1, operatorMessages.emailRequired).max(254).pipe(emailRule),
  name: z.string().trim().min(1, operatorMessages.nameRequired).max(100),
  password: z.string().max(200).pipe(passwordRule),
});
export type OperatorAccountInput = z.infer<typeof operatorAccountInput>;

export const storeStanding = z.enum(['open', 'closed', 'suspended']);
export type StoreStanding = z.infer<typeof storeStanding>;

export { OPERATOR_PAGE_SIZE };
const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** GET /api/operator/stores: words of the store's name, slug or seller; a status; the order; the page. */
export const operatorStoresQuery = z.object({
  q: z.string().trim().max(100).default(''),
  status: storeStanding.optional(),
  sort: z.enum(['name', 'gmv', 'newest']).default('name'),
  page,
});
export type OperatorStoresQuery = z.infer<typeof operatorStoresQuery>;

export const suspension = z.object({ reason: z.string(), suspendedAt: isoTime });
export type Suspension = z.infer<typeof suspension>;

/** One row of the Sellers page. Money in paisa; "30 days" ends now; cancelled orders count for nothing. */
export const operatorStore = z.object({
  slug: z.string(),
  name: z.string(),
  seller: z.object({ name: z.string(), email: z.string() }),
  status: storeStanding,
  createdAt: isoTime,
  listings: z.number().int(),
  orders30d: z.number().int(),
  gmv30d: z.number().int(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  suspension: suspension.nullable(),
});
export type OperatorStore = z.infer<typeof operatorStore>;

export const operatorStoresPage = pageOf(operatorStore);
export type OperatorStoresPage = z.infer<typeof operatorStoresPage>;

export const suspendStoreInput = z.object({
  reason: z
    .string({ error: operatorMessages.reasonRequired })
    .trim()
    .min(5, operatorMessages.reasonRequired)
    .max(1000, operatorMessages.reasonTooLong),
});
export type SuspendStoreInput = z.infer<typeof suspendStoreInput>;

/** Reopening may say why (it is mailed too); an empty reason is none. */
export const reopenStoreInput = z.object({
  reason: z
    .string()
    .trim()
    .max(1000, operatorMessages.reasonTooLong)
    .optional()
    .transform((r) => r || undefined),
});
export type ReopenStoreInput = z.infer<typeof reopenStoreInput>;

export const storeActionResult = z.object({ message: z.string(), store: operatorStore });
export type StoreActionResult = z.infer<typeof storeActionResult>;

export const storeSlugParams = z.object({
  slug: z.string().trim().min(1, operatorMessages.storeNotFound).max(100, operatorMessages.storeNotFound),
});

/** What the audit log names: `store.suspend`, `store.reopen`, `operator.create`, … (one verb per operator action). */
export const auditQuery = z.object({
  q: z.string().trim().max(100).default(''),
  action: z.string().trim().max(60).optional(),
  page,
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: isoTime,
  actor: z.string(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string(), name: z.string() }),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = pageOf(auditEntry).extend({
  /** Every action the log holds, for the filter. */
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPage>;

/** GET /api/seller/suspension: what the seller workspace's banner says. */
export const sellerSuspension = z.object({ suspension: suspension.nullable() });
export type SellerSuspension = z.infer<typeof sellerSuspension>;

/** POST /api/internal/operators (the operator command): the account made. */
export const operatorCreated = z.object({
  operator: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
});
