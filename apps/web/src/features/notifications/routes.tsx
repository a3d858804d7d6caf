import type { RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  {
    path: '/notifications',
    lazy: () => import('./pages/customer-notifications-page').then((m) => ({ Component: m.CustomerNotificationsPage })),
  },
];

/** Pages inside the seller workspace (under /seller, with the sidebar). */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'notifications',
    lazy: () => import('./pages/seller-notifications-page').then((m) => ({ Component: m.SellerNotificationsPage })),
  },
];
