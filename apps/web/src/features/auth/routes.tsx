import type { RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  {
    path: '/login',
    lazy: () => import('./pages/login-page').then((m) => ({ Component: m.CustomerLoginPage })),
  },
  {
    path: '/customer/add',
    lazy: () => import('./pages/customer-register-page').then((m) => ({ Component: m.CustomerRegisterPage })),
  },
  {
    path: '/forget-password',
    lazy: () => import('./pages/forgot-password-page').then((m) => ({ Component: m.CustomerForgotPasswordPage })),
  },
  {
    path: '/userpassword/reset/:token',
    lazy: () => import('./pages/reset-password-page').then((m) => ({ Component: m.CustomerResetPasswordPage })),
  },
];

/** Seller sign-in screens: outside the workspace (they are how one gets in) and without the shop's header. */
export const bareRoutes: RouteObject[] = [
  {
    path: '/sellerLogin',
    lazy: () => import('./pages/login-page').then((m) => ({ Component: m.SellerLoginPage })),
  },
  {
    path: '/sellerAdd',
    lazy: () => import('./pages/seller-register-page').then((m) => ({ Component: m.SellerRegisterPage })),
  },
  {
    path: '/Cforget-password',
    lazy: () => import('./pages/forgot-password-page').then((m) => ({ Component: m.SellerForgotPasswordPage })),
  },
  {
    path: '/sellerpassword/reset/:token',
    lazy: () => import('./pages/reset-password-page').then((m) => ({ Component: m.SellerResetPasswordPage })),
  },
  {
    path: '/sellerLogout',
    lazy: () => import('./pages/seller-logout-page').then((m) => ({ Component: m.SellerLogoutPage })),
  },
];
