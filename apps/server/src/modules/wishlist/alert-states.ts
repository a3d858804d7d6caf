import type { AppContext } from '../../context';
import { offerStatesNow, productStatesNow, type WatchedState } from '../prices/price-watch';
import { recordKnown, type SavedTarget } from './repository';

/** "p12" for catalogue product 12, "o7" for another store's offer 7. */
export const targetKey = (t: SavedTarget) => (t.productId !== undefined ? `p${t.productId}` : `o${t.offerId}`);

/** What a shopper sees of each saved target now, keyed by targetKey; a target that no longer exists is left out. */
export async function watchedStates(ctx: AppContext, targets: SavedTarget[]): Promise<Map<string, WatchedState>> {
  const productIds = [...new Set(targets.flatMap((t) => (t.productId !== undefined ? [t.productId] : [])))];
  const offerIds = [...new Set(targets.flatMap((t) => (t.offerId !== undefined ? [t.offerId] : [])))];
  const result = new Map<string, WatchedState>();
  for (const [id, state] of await productStatesNow(ctx, productIds)) result.set(`p${id}`, state);
  for (const [id, state] of await offerStatesNow(ctx.db, offerIds)) result.set(`o${id}`, state);
  return result;
}

/** Saves what the customer sees now of these targets as what they know (see recordKnown). */
export async function rememberWhatCustomerSees(ctx: AppContext, customerId: number, targets: SavedTarget[]) {
  const states = await watchedStates(ctx, targets);
  const entries = targets.flatMap((target) => {
    const state = states.get(targetKey(target));
    return state ? [{ customerId, target, state }] : [];
  });
  await recordKnown(ctx.db, entries, ctx.now());
}
