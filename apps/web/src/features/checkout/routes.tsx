import type { RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer): the cart (where one checks out) and the receipt. */
export const shopRoutes: RouteObject[] = [
  {
    path: '/shoppingCart',
    lazy: () => import('./pages/cart-page').then((m) => ({ Component: m.CartPage })),
  },
  {
    path: '/checkout-success',
    lazy: () => import('./pages/checkout-success-page').then((m) => ({ Component: m.CheckoutSuccessPage })),
  },
];

/** The built-in test gateway's payment screen stands alone, like a payment provider's page. */
export const bareRoutes: RouteObject[] = [
  {
    path: '/pay/test/:paymentId',
    lazy: () => import('./pages/test-payment-page').then((m) => ({ Component: m.TestPaymentPage })),
  },
];
