import { z } from 'zod';
import { isIsoDay } from '../rules/dates';
import { messages } from '../messages';
import { MAX_ID } from './id';
import { isoDay, isoTime } from './response';

const m = messages.sale;

// ── rules shared by sales and promos ─────────────────────────────────────────────────────────────

export const discountPercent = z
  .number({ error: m.discountRange })
  .int(m.discountRange)
  .min(1, m.discountRange)
  .max(100, m.discountRange);

/** An ISO day ('YYYY-MM-DD'); a full ISO timestamp is accepted and its date part is the day. */
export const isoDayInput = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((s) => s.slice(0, 10))
    .refine(isIsoDay, message);

type Issues = { issues: readonly { path?: readonly PropertyKey[] }[] };
const clean = (p: Issues, ...fields: string[]) => !p.issues.some((i) => fields.includes(String(i.path?.[0])));

/** End after start, checked once both days parsed, so a blank field shows its own message first. */
export const withEndAfterStart = <T extends z.ZodType<{ startDate: string; endDate: string }>>(schema: T) =>
  schema.refine((v) => v.endDate > v.startDate, {
    path: ['endDate'],
    message: m.endBeforeStart,
    when: (p) => clean(p, 'startDate', 'endDate'),
  });

/**
 * "Start date cannot be in the past", by day: `today` itself is allowed. The server passes its UTC day, the form
 * the browser's day; an edit passes the earlier of today and the saved start, so a running sale still saves.
 */
export const withStartNotPast = <T extends z.ZodType<{ startDate: string }>>(schema: T, today: string) =>
  schema.refine((v) => v.startDate >= today, {
    path: ['startDate'],
    message: m.startInPast,
    when: (p) => clean(p, 'startDate'),
  });

// ── sales ────────────────────────────────────────────────────────────────────────────────────────

/** What a seller sends to create or edit a sale. The server adds the past-day rule with its own clock. */
export const saleInput = withEndAfterStart(
  z.object({
    title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(120),
    productIds: z
      .array(z.number().int().positive().max(MAX_ID), { error: m.productsRequired })
      .min(1, m.productsRequired)
      .max(200),
    discount: discountPercent,
    startDate: isoDayInput(m.startInPast),
    endDate: isoDayInput(m.endBeforeStart),
  }),
);
export type SaleInput = z.infer<typeof saleInput>;

/** The sale form's schema: the same rules as the server, with the past-day rule against `today`. */
export const saleForm = (today: string) => withStartNotPast(saleInput, today);

export const saleCode = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{8}$/)
  .transform((s) => s.toUpperCase());

/** One listing on sale: `id` is the seller's listing, `productId` its catalogue product (the product page's id). */
export const saleProductRow = z.object({
  id: z.number().int(),
  productId: z.number().int().optional(),
  name: z.string(),
  image: z.string(),
  price: z.number().int(),
  /** What a shopper pays while the sale runs, in paisa. */
  salePrice: z.number().int(),
});
export type SaleProductRow = z.infer<typeof saleProductRow>;

/** A sale or a promo code as its seller sees it (list and edit form). Days are ISO; `endDate` is the last day. */
export const sellerCampaign = z.object({
  code: z.string(),
  title: z.string(),
  discount: z.number(),
  startDate: isoDay,
  endDate: isoDay,
  status: z.enum(['scheduled', 'running', 'ended']),
});

export const sellerSale = sellerCampaign.extend({ products: z.array(saleProductRow) });
export type SellerSale = z.infer<typeof sellerSale>;

/** A sale as shoppers see it. */
const publicSale = z.object({
  code: z.string(),
  title: z.string(),
  percent: z.number().int(),
  startsAt: isoTime,
  endsAt: isoTime,
  store: z.object({ slug: z.string(), name: z.string() }),
});

/** GET /api/sales/:code. */
export const publicSaleDetail = z.object({ sale: publicSale, products: z.array(saleProductRow) });
export type PublicSaleDetail = z.infer<typeof publicSaleDetail>;

/** A running sale in lists (the home page, GET /api/sales). */
export const activeSaleSummary = publicSale.extend({ productCount: z.number().int() });
export type ActiveSaleSummary = z.infer<typeof activeSaleSummary>;

/** GET /api/sales: the sales running now. */
export const activeSales = z.object({ sales: z.array(activeSaleSummary) });
export const sellerSales = z.object({ sales: z.array(sellerSale) });
export const sellerSaleAnswer = z.object({ sale: sellerSale });
export const sellerSaleSaved = z.object({ message: z.string(), sale: sellerSale });
