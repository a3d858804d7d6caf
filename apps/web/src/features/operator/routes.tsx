import { Navigate, type RouteObject } from 'react-router';

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
      { index: true, element: <Navigate to="/operator/dashboard" replace /> },
      {
        path: 'dashboard',
        lazy: () => import('./pages/moderation-dashboard-page').then((m) => ({ Component: m.PlatformDashboardPage })),
      },
      {
        path: 'moderation',
        lazy: () => import('./pages/moderation-page').then((m) => ({ Component: m.ModerationPage })),
      },
      {
        path: 'escalations',
        lazy: () => import('./pages/moderation-escalations-page').then((m) => ({ Component: m.EscalationsPage })),
      },
      {
        path: 'stores',
        lazy: () => import('./pages/stores-page').then((m) => ({ Component: m.StoresPage })),
      },
      {
        path: 'external-stores',
        lazy: () => import('./pages/external-stores-page').then((m) => ({ Component: m.ExternalStoresPage })),
      },
      {
        // Matching and the catalogue editor (one chunk each page).
        children: [
          {
            path: 'matching',
            lazy: () => import('./pages/matching-page').then((m) => ({ Component: m.MatchingPage })),
          },
          {
            path: 'catalogue',
            lazy: () => import('./pages/matching-catalogue-page').then((m) => ({ Component: m.MatchingCataloguePage })),
          },
          {
            path: 'catalogue/:productId',
            lazy: () =>
              import('./pages/matching-catalogue-edit-page').then((m) => ({ Component: m.MatchingCatalogueEditPage })),
          },
        ],
      },
      {
        path: 'audit',
        lazy: () => import('./pages/audit-page').then((m) => ({ Component: m.AuditPage })),
      },
    ],
  },
];
