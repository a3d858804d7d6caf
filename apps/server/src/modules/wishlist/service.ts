import type { SavedItemInput, WishlistItem } from '@pricehub/shared/schemas/saved';
import { savedMessages } from '@pricehub/shared/schemas/saved';
import { messages } from '@pricehub/shared/messages';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { currentProductId } from '../catalog/queries';
import { offerExists } from '../offers/queries';
import { rememberWhatCustomerSees } from './alert-states';
import { deleteSaved, insertSaved, listSaved, type SavedTarget } from './repository';

/** The product or offer the body names; the schema has already checked that exactly one is given. */
export function savedTarget(input: SavedItemInput): SavedTarget {
  return input.productId !== undefined ? { productId: input.productId } : { offerId: input.offerId! };
}

/**
 * The target as it is saved (a 404 when it does not exist, not a foreign-key 500). A product id from an old URL (a
 * former listing's, a merged product's) saves its catalogue product.
 */
export async function ensureTargetExists(ctx: AppContext, target: SavedTarget): Promise<SavedTarget> {
  if (target.productId === undefined) {
    if (await offerExists(ctx.db, target.offerId)) return target;
    throw notFound(savedMessages.offerNotFound);
  }
  const productId = await currentProductId(ctx.db, target.productId);
  if (productId !== null) return { productId };
  throw notFound(messages.product.notFound);
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
