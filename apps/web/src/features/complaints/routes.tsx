import type { RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  {
    path: '/registercomplain',
    lazy: () => import('./pages/register-complaint-page').then((m) => ({ Component: m.RegisterComplaintPage })),
  },
  {
    path: '/viewcomplain',
    lazy: () => import('./pages/customer-complaints-page').then((m) => ({ Component: m.CustomerComplaintsPage })),
  },
];

/** Pages inside the seller workspace (under /seller, with the sidebar). */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'viewcomplain',
    lazy: () => import('./pages/seller-complaints-page').then((m) => ({ Component: m.SellerComplaintsPage })),
  },
];
