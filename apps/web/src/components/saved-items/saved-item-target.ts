/** What a saved-item button saves: one of our catalogue products, or an external store's offer. */
export type SavedItemTarget = { productId: number; offerId?: undefined } | { offerId: number; productId?: undefined };
