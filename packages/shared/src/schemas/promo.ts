import { z } from 'zod';
import { messages } from '../messages';
import { discountPercent, isoDayInput, sellerCampaign, withEndAfterStart, withStartNotPast } from './sale';

/** Promo wording that the spec does not give; the date and discount rules reuse the sale's messages. */
export const promoMessages = {
  titleRequired: 'Promo title is required',
  codeFormat: 'Promo code must be 4 to 16 letters (A-Z) or digits',
  codeTaken: 'This promo code is already in use',
  created: 'Promo code created',
  deleted: 'Promo code deleted',
  createFailed: 'Failed to create promo code',
} as const;

const m = messages.sale;

export const promoCodeInput = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{4,16}$/, promoMessages.codeFormat));

export const promoInput = withEndAfterStart(
  z.object({
    title: z.string({ error: promoMessages.titleRequired }).trim().min(1, promoMessages.titleRequired).max(120),
    /** Omitted or blank: the server makes an 8-character hex code. */
    code: z.union([z.literal('').transform(() => undefined), promoCodeInput]).optional(),
    discount: discountPercent,
    startDate: isoDayInput(m.startInPast),
    endDate: isoDayInput(m.endBeforeStart),
  }),
);
export type PromoInput = z.infer<typeof promoInput>;

export const promoForm = (today: string) => withStartNotPast(promoInput, today);

export const sellerPromo = sellerCampaign;
export type SellerPromo = z.infer<typeof sellerPromo>;

export const sellerPromos = z.object({ promos: z.array(sellerPromo) });
export const promoCreated = z.object({ message: z.string(), promo: sellerPromo });
