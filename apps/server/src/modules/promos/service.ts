import { eq, sql } from 'drizzle-orm';
import { utcIsoDay } from '@pricehub/shared/rules/dates';
import { messages } from '@pricehub/shared/messages';
import { promoMessages, type PromoInput, type SellerPromo } from '@pricehub/shared/schemas/promo';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { promos } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { campaignDays, campaignStatus, campaignWindow, newCampaignCode } from '../sales/campaign-dates';

const CODE_ATTEMPTS = 5;
export const promoNotFound = 'Promo code not found';

const toSellerPromo = (row: typeof promos.$inferSelect, now: Date): SellerPromo => ({
  code: row.code,
  title: row.title,
  discount: row.discountPercent,
  ...campaignDays(row.startsAt, row.endsAt),
  status: campaignStatus(row.startsAt, row.endsAt, now),
});

export async function listSellerPromos(ctx: AppContext, storeId: number): Promise<SellerPromo[]> {
  const rows = await ctx.db
    .select()
    .from(promos)
    .where(eq(promos.storeId, storeId))
    .orderBy(sql`${promos.startsAt} desc, ${promos.id} desc`);
  return rows.map((r) => toSellerPromo(r, ctx.now()));
}

/** A chosen code that is taken answers 409; a generated one is retried on the rare collision. */
export async function createPromo(ctx: AppContext, storeId: number, input: PromoInput): Promise<SellerPromo> {
  if (input.startDate < utcIsoDay(ctx.now())) {
    throw badRequest(messages.sale.startInPast, { startDate: messages.sale.startInPast });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await ctx.db
        .insert(promos)
        .values({
          code: input.code ?? newCampaignCode(),
          storeId,
          title: input.title,
          discountPercent: input.discount,
          ...campaignWindow(input.startDate, input.endDate),
        })
        .returning();
      return toSellerPromo(row!, ctx.now());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.code) throw conflict(promoMessages.codeTaken, { code: promoMessages.codeTaken });
      if (attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

export async function deletePromo(ctx: AppContext, storeId: number, code: string): Promise<void> {
  const [row] = await ctx.db
    .select({ id: promos.id, storeId: promos.storeId })
    .from(promos)
    .where(sql`${promos.code} = upper(${code.trim()})`);
  // Another store's code is "not found" too: a seller cannot probe which codes exist.
  if (!row || row.storeId !== storeId) throw notFound(promoNotFound);
  await ctx.db.delete(promos).where(eq(promos.id, row.id));
}
