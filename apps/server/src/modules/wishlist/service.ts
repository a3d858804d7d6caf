import type { SavedItemInput, WishlistItem } from '@pricehub/shared/schemas/saved';
import { savedMessages } from '@pricehub/shared/schemas/saved';
import { messages } from '@pricehub/shared/messages';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { rememberWhatCustomerSees } from './alert-states';
import { deleteSaved, insertSaved, listSaved, resolveTarget, type SavedTarget } from './saved-items';

/** The product or offer the body names; the schema has already checked that exactly one is given. */
export function savedTarget(input: SavedItemInput): SavedTarget {
  return input.productId !== undefined ? { productId: input.productId } : { offerId: input.offerId! };
}

/** The target to save (an old product id leads to its catalogue product), or 404 when there is none. */
export async function ensureTargetExists(ctx: AppContext, target: SavedTarget): Promise<SavedTarget> {
  const resolved = await resolveTarget(ctx.db, target);
  if (resolved) return resolved;
  throw notFound(target.productId !== undefined ? messages.product.notFound : savedMessages.offerNotFound);
}

export async function listWishlist(ctx: AppContext, customerId: number): Promise<WishlistItem[]> {
  const items = await listSaved(ctx.db, 'wishlist_items', customerId, ctx.now());
  return items.map(({ brand: _b, category: _c, ram: _r, storage: _s, storeCount: _n, ...item }) => item);
}

/**
 * Adding twice keeps one entry; answers whether this call created it. A new entry starts from what the customer
 * sees now, so alerts report only later changes.
 */
export async function addToWishlist(ctx: AppContext, customerId: number, input: SavedItemInput): Promise<boolean> {
  const target = await ensureTargetExists(ctx, savedTarget(input));
  const created = await insertSaved(ctx.db, 'wishlist_items', customerId, target);
  if (created) await rememberWhatCustomerSees(ctx, customerId, [target]);
  return created;
}

export async function removeFromWishlist(ctx: AppContext, customerId: number, id: number): Promise<void> {
  if (!(await deleteSaved(ctx.db, 'wishlist_items', customerId, id))) throw notFound(savedMessages.notInList);
}
