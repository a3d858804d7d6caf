import type { RouteObject } from 'react-router';

/**
 * The customer's account page. Its order history comes from features/orders: the router attaches
 * `orders.accountOrderRoutes` as the child of the route with id 'customer-panel', drawn in the page's outlet.
 */
export const shopRoutes: RouteObject[] = [
  {
    id: 'customer-panel',
    path: '/custPanel',
    lazy: () => import('./pages/customer-panel-page').then((m) => ({ Component: m.CustomerPanelPage })),
  },
];

/** Pages inside the seller workspace (under /seller, with the sidebar). */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'sellerProfile',
    lazy: () => import('./pages/seller-profile-page').then((m) => ({ Component: m.SellerProfilePage })),
  },
];
