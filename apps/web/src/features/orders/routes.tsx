import { Navigate, type RouteObject } from 'react-router';

/** The order history on the customer's account page: the router mounts it below the route with id 'customer-panel'. */
export const accountOrderRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./pages/account-order-history').then((m) => ({ Component: m.AccountOrderHistory })),
  },
];

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  {
    path: '/orders/:orderId',
    lazy: () => import('./pages/order-page').then((m) => ({ Component: m.OrderPage })),
  },
  {
    path: '/addReviews',
    lazy: () => import('./pages/add-reviews-page').then((m) => ({ Component: m.AddReviewsPage })),
  },
];

/** Pages inside the seller workspace (under /seller, with the sidebar). */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'orders',
    lazy: () => import('./pages/seller-orders-page').then((m) => ({ Component: m.SellerOrdersPage })),
  },
  {
    path: 'returns',
    lazy: () => import('./pages/seller-returns-page').then((m) => ({ Component: m.SellerReturnsPage })),
  },
];

/** Pages with no shared layout. */
export const bareRoutes: RouteObject[] = [
  {
    path: '/updateOrder/:orderId',
    lazy: () => import('./pages/update-order-page').then((m) => ({ Component: m.UpdateOrderPage })),
  },
  // The spec's plain path carried the id in local storage; the list is where a seller picks one.
  { path: '/updateOrder', element: <Navigate to="/seller/orders" replace /> },
];
