import { z } from 'zod';
import { idInput } from './id';

/** Messages of the wishlist and compare list that messages.ts does not hold. */
export const savedMessages = {
  compareAdded: 'Added to Compare',
  compareRemoved: 'Removed from Compare',
  wishlistRemoved: 'Removed from Wishlist',
  compareFull: 'You can compare up to 4 products. Choose one to replace.',
  notInList: 'This item is not in your list',
  pickOne: 'Choose a product or an offer',
  offerNotFound: 'Offer not found',
} as const;

export const COMPARE_LIMIT = 4;

const id = idInput(savedMessages.pickOne);

/** Exactly one of productId (one of our products) or offerId (an external store's offer). */
export const savedItemInput = z
  .object({ productId: id.optional(), offerId: id.optional(), replaceId: id.optional() })
  .refine((v) => (v.productId === undefined) !== (v.offerId === undefined), { message: savedMessages.pickOne });
export type SavedItemInput = z.infer<typeof savedItemInput>;

export const savedItemParams = z.object({ id: idInput(savedMessages.notInList) });

/** A wishlist entry as the API returns it. Money in paisa. */
export const wishlistItem = z.object({
  id: z.number().int(),
  kind: z.enum(['product', 'offer']),
  productId: z.number().int().optional(),
  offerId: z.number().int().optional(),
  name: z.string(),
  image: z.string(),
  price: z.number().int(),
  store: z.string(),
  inStock: z.boolean(),
  ratingText: z.string(),
  url: z.string(),
  /** The catalogue product's card: the lowest price a shopper pays now and how many stores offer it. */
  lowestPrice: z.number().int().optional(),
  offerCount: z.number().int().optional(),
});
export type WishlistItem = z.infer<typeof wishlistItem>;

/** A compare entry: the wishlist fields plus the specs the compare table shows side by side. */
export const compareItem = wishlistItem.extend({
  brand: z.string(),
  category: z.string(),
  ram: z.number().int(),
  storage: z.number().int(),
  storeCount: z.number().int(),
});
export type CompareItem = z.infer<typeof compareItem>;

export const wishlistList = z.object({ items: z.array(wishlistItem) });
export const compareList = z.object({ items: z.array(compareItem) });
