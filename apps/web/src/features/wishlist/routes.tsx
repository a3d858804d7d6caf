import type { RouteObject } from 'react-router';

/** Under the shop layout; it needs a signed-in customer (CustomerOnly in the page). */
export const shopRoutes: RouteObject[] = [
  { path: '/wishlist', lazy: () => import('./pages/wishlist-page').then((m) => ({ Component: m.WishlistPage })) },
];
