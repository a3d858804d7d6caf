import type { RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer). Both need a signed-in customer (RequireRole in the page). */
export const shopRoutes: RouteObject[] = [
  { path: '/wishlist', lazy: () => import('./pages/wishlist-page').then((m) => ({ Component: m.WishlistPage })) },
  { path: '/compare', lazy: () => import('./pages/compare-page').then((m) => ({ Component: m.ComparePage })) },
];

/** Pages inside the seller workspace (under /seller, with the sidebar). */
export const sellerRoutes: RouteObject[] = [];

/** Pages with no shared layout. */
export const bareRoutes: RouteObject[] = [];
