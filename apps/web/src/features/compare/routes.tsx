import type { RouteObject } from 'react-router';

/** Under the shop layout; it needs a signed-in customer (CustomerOnly in the page). */
export const shopRoutes: RouteObject[] = [
  { path: '/compare', lazy: () => import('./pages/compare-page').then((m) => ({ Component: m.ComparePage })) },
];
