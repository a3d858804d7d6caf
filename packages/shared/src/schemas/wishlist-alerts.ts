import { z } from 'zod';

/** Wishlist alerts: mail when a saved product drops in price, goes on sale or is back in stock. */
export const wishlistAlertMessages = {
  on: 'Wishlist alerts are on',
  off: 'Wishlist alerts are off',
  unsubscribed: 'You will get no more wishlist alerts',
  linkInvalid: 'This unsubscribe link is not valid',
} as const;

export const wishlistAlertSettings = z.object({ enabled: z.boolean({ error: 'Choose on or off' }) });
export type WishlistAlertSettings = z.infer<typeof wishlistAlertSettings>;

export const unsubscribeParams = z.object({
  token: z.string().min(1, wishlistAlertMessages.linkInvalid).max(200, wishlistAlertMessages.linkInvalid),
});

/** PUT /api/wishlist/alerts: the settings now, with the toast's wording. */
export const wishlistAlertsChanged = wishlistAlertSettings.extend({ message: z.string() });
/** GET and POST /api/wishlist/alerts/unsubscribe/:token for callers that are not browsers (`email` masked). */
export const unsubscribeStatus = z.object({ email: z.string(), subscribed: z.boolean() });
export const unsubscribed = unsubscribeStatus.extend({ message: z.string() });
