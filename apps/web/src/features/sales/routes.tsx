import type { RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  {
    path: '/saleDetail',
    lazy: () => import('./pages/active-sales-page').then((m) => ({ Component: m.ActiveSalesPage })),
  },
  {
    path: '/saleDetail/:code',
    lazy: () => import('./pages/sale-detail-page').then((m) => ({ Component: m.SaleDetailPage })),
  },
];

/** Pages inside the seller workspace (under /seller, with the sidebar). */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'sales',
    lazy: () => import('./pages/sales-page').then((m) => ({ Component: m.SalesPage })),
  },
  {
    path: 'addSale',
    lazy: () => import('./pages/add-sale-page').then((m) => ({ Component: m.AddSalePage })),
  },
  {
    path: 'editSale',
    lazy: () => import('./pages/edit-sale-page').then((m) => ({ Component: m.EditSalePage })),
  },
  {
    path: 'editSale/:code',
    lazy: () => import('./pages/edit-sale-page').then((m) => ({ Component: m.EditSalePage })),
  },
  {
    path: 'saleAlert',
    lazy: () => import('./pages/sale-alert-pages').then((m) => ({ Component: m.SaleAlertPage })),
  },
  {
    path: 'saleUpdateAlert',
    lazy: () => import('./pages/sale-alert-pages').then((m) => ({ Component: m.SaleUpdateAlertPage })),
  },
];
