import { z } from 'zod';
import { emailRule, passwordRule } from './account';

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

export const OPERATOR_PAGE_SIZE = 20;
const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** GET /api/operator/stores: words of the store's name, slug or seller; a status; the order; the page. */
export const operatorStoresQuery = z.object({
  q: z.string().trim().max(100).default(''),
  status: storeStanding.optional(),
  sort: z.enum(['name', 'gmv', 'newest']).default('name'),
  page,
});
export type OperatorStoresQuery = z.infer<typeof operatorStoresQuery>;

export interface Suspension {
  reason: string;
  suspendedAt: string;
}

/** One row of the Sellers page. Money in paisa; "30 days" ends now; cancelled orders count for nothing. */
export interface OperatorStore {
  slug: string;
  name: string;
  seller: { name: string; email: string };
  status: StoreStanding;
  createdAt: string;
  listings: number;
  orders30d: number;
  gmv30d: number;
  rating: { average: number | null; count: number };
  suspension: Suspension | null;
}

export interface OperatorStoresPage {
  items: OperatorStore[];
  total: number;
  page: number;
  pageSize: number;
}

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

export interface StoreActionResult {
  message: string;
  store: OperatorStore;
}

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

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: { type: string; id: string; name: string };
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** Every action the log holds, for the filter. */
  actions: string[];
}

/** GET /api/seller/suspension: what the seller workspace's banner says. */
export interface SellerSuspension {
  suspension: Suspension | null;
}
