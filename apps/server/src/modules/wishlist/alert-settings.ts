import { and, eq } from 'drizzle-orm';
import type { WishlistAlertSettings } from '@pricehub/shared/schemas/wishlist-alerts';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema';
import { rememberWhatCustomerSees, wishlistTargets } from './alert-states';

export async function getAlertSettings(ctx: AppContext, customerId: number): Promise<WishlistAlertSettings> {
  const [row] = await ctx.db
    .select({ enabled: accounts.wishlistAlerts })
    .from(accounts)
    .where(and(eq(accounts.id, customerId), eq(accounts.role, 'customer')));
  return { enabled: row?.enabled ?? false };
}

/**
 * Turns the customer's wishlist alerts on or off. Turned back on, what the customer sees now becomes what they
 * know: a drop that happened while alerts were off is not mailed weeks later as if it were news.
 */
export async function setAlertSettings(
  ctx: AppContext,
  customerId: number,
  input: WishlistAlertSettings,
): Promise<WishlistAlertSettings> {
  const before = await getAlertSettings(ctx, customerId);
  if (input.enabled && !before.enabled) {
    await rememberWhatCustomerSees(ctx, customerId, await wishlistTargets(ctx.db, customerId));
  }
  await ctx.db
    .update(accounts)
    .set({ wishlistAlerts: input.enabled, updatedAt: ctx.now() })
    .where(and(eq(accounts.id, customerId), eq(accounts.role, 'customer')));
  return { enabled: input.enabled };
}
