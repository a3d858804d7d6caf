import { Navigate, type RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer): none, the console stands apart from the shop. */
export const shopRoutes: RouteObject[] = [];

/** Pages inside the seller workspace: none. */
export const sellerRoutes: RouteObject[] = [];

/** The operator console: its sign-in, and its pages inside its own layout (a separate chunk shoppers never load). */
export const bareRoutes: RouteObject[] = [
  {
    path: '/operator/login',
    lazy: () => import('./pages/operator-login-page').then((m) => ({ Component: m.OperatorLoginPage })),
  },
  {
    path: '/operator',
    lazy: () => import('./components/operator-layout').then((m) => ({ Component: m.OperatorLayout })),
    children: [
      { index: true, element: <Navigate to="/operator/stores" replace /> },
      {
        path: 'stores',
        lazy: () => import('./pages/stores-page').then((m) => ({ Component: m.StoresPage })),
      },
      {
        path: 'audit',
        lazy: () => import('./pages/audit-page').then((m) => ({ Component: m.AuditPage })),
      },
    ],
  },
];
