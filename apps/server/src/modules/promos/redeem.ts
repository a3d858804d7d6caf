import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { enforceLimit, type Caller, type RateLimit } from '../../http/rate-limit';
import { findPromoByCode, isPromoActive, type Promo } from './lookup';

/**
 * One answer for every code that cannot be used (unknown, expired, not started, another store's), so guessing
 * codes tells nothing about which exist.
 */
export const promoUnusable = 'This promo code cannot be used for this order';

/** Checkouts that carry a code: a shopper tries one or two, a script tries thousands. */
export const PROMO_LIMIT: RateLimit = { name: 'promo', windowSeconds: 600, perAccount: 10, perAddress: 30 };

/** Counts a checkout that carries a promo code; 429 past the limit. Call it outside the checkout's transaction. */
export async function enforcePromoLimit(db: Db, caller: Caller): Promise<void> {
  await enforceLimit(db, PROMO_LIMIT, caller, 'Too many promo code attempts. Please wait a few minutes.');
}

/** The promo that applies to a cart holding these stores' listings, or the one generic 400. */
export async function usablePromo(db: Db, code: string, storeIds: Set<number>, now: Date): Promise<Promo> {
  const promo = await findPromoByCode(db, code);
  if (!promo || !isPromoActive(promo, now) || !storeIds.has(promo.storeId)) {
    throw badRequest(promoUnusable, { promoCode: promoUnusable });
  }
  return promo;
}
