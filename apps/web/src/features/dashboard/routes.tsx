import type { RouteObject } from 'react-router';

/** The seller workspace's first page (/seller). */
export const sellerRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
];
