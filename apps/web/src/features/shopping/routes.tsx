import { Navigate, type RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  {
    path: '/shoppingCart',
    lazy: () => import('./pages/cart-page').then((m) => ({ Component: m.CartPage })),
  },
  {
    path: '/checkout-success',
    lazy: () => import('./pages/checkout-success-page').then((m) => ({ Component: m.CheckoutSuccessPage })),
  },
  {
    path: '/custPanel',
    lazy: () => import('./pages/customer-panel-page').then((m) => ({ Component: m.CustomerPanelPage })),
  },
  {
    path: '/orders/:orderId',
    lazy: () => import('./pages/order-page').then((m) => ({ Component: m.OrderPage })),
  },
  {
    path: '/notifications',
    lazy: () => import('./pages/customer-notifications-page').then((m) => ({ Component: m.CustomerNotificationsPage })),
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
  {
    path: 'notifications',
    lazy: () => import('./pages/seller-notifications-page').then((m) => ({ Component: m.SellerNotificationsPage })),
  },
];

/** Pages with no shared layout. */
export const bareRoutes: RouteObject[] = [
  {
    path: '/pay/test/:paymentId',
    lazy: () => import('./pages/test-payment-page').then((m) => ({ Component: m.TestPaymentPage })),
  },
  {
    path: '/updateOrder/:orderId',
    lazy: () => import('./pages/update-order-page').then((m) => ({ Component: m.UpdateOrderPage })),
  },
  // The spec's plain path carried the id in local storage; the list is where a seller picks one.
  { path: '/updateOrder', element: <Navigate to="/seller/orders" replace /> },
];
