import type { WishlistAlertSettings } from '@pricehub/shared/schemas/wishlist-alerts';
import type { AppContext } from '../../context';
import { rememberWhatCustomerSees } from './alert-states';
import { setWishlistAlerts, wishlistAlertsOn } from '../accounts/repository';
import { wishlistTargets } from './repository';

export async function getAlertSettings(ctx: AppContext, customerId: number): Promise<WishlistAlertSettings> {
  return { enabled: await wishlistAlertsOn(ctx.db, customerId) };
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
  await setWishlistAlerts(ctx.db, customerId, input.enabled, ctx.now());
  return { enabled: input.enabled };
}
