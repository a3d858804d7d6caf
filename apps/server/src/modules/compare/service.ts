import { COMPARE_LIMIT, savedMessages, type CompareItem, type SavedItemInput } from '@pricehub/shared/schemas/saved';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { countSaved, deleteSaved, findSaved, insertSaved, listSaved, lockCustomer } from '../wishlist/repository';
import { ensureTargetExists, savedTarget } from '../wishlist/service';

export function listCompare(ctx: AppContext, customerId: number): Promise<CompareItem[]> {
  return listSaved(ctx.db, 'compare_items', customerId, ctx.now());
}

/**
 * Adds to the compare list, at most 4 entries. A 5th answers 409 COMPARE_FULL with the current entries so that
 * the shopper can pick one to replace; with `replaceId` the swap happens in one transaction.
 */
export async function addToCompare(ctx: AppContext, customerId: number, input: SavedItemInput): Promise<boolean> {
  const target = await ensureTargetExists(ctx, savedTarget(input));
  return ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    if (await findSaved(tx, 'compare_items', customerId, target)) return false;
    if (input.replaceId !== undefined) {
      if (!(await deleteSaved(tx, 'compare_items', customerId, input.replaceId))) {
        throw notFound(savedMessages.notInList);
      }
    }
    if ((await countSaved(tx, 'compare_items', customerId)) >= COMPARE_LIMIT) {
      const items = await listSaved(tx, 'compare_items', customerId, ctx.now());
      throw new HttpError(409, 'COMPARE_FULL', savedMessages.compareFull, undefined, { items });
    }
    return insertSaved(tx, 'compare_items', customerId, target);
  });
}

export async function removeFromCompare(ctx: AppContext, customerId: number, id: number): Promise<void> {
  if (!(await deleteSaved(ctx.db, 'compare_items', customerId, id))) throw notFound(savedMessages.notInList);
}
