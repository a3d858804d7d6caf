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
  {
    path: '/registercomplain',
    lazy: () => import('./pages/register-complaint-page').then((m) => ({ Component: m.RegisterComplaintPage })),
  },
  {
    path: '/viewcomplain',
    lazy: () => import('./pages/customer-complaints-page').then((m) => ({ Component: m.CustomerComplaintsPage })),
  },
  {
    path: '/blogPosts',
    lazy: () => import('./pages/blog-posts-page').then((m) => ({ Component: m.BlogPostsPage })),
  },
  {
    path: '/blogPosts/:id',
    lazy: () => import('./pages/blog-posts-page').then((m) => ({ Component: m.BlogPostPage })),
  },
];

/** Pages inside the seller workspace (under /seller, with the sidebar). */
export const sellerRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
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
    lazy: () => import('./pages/campaign-alert-page').then((m) => ({ Component: m.SaleAlertPage })),
  },
  {
    path: 'saleUpdateAlert',
    lazy: () => import('./pages/campaign-alert-page').then((m) => ({ Component: m.SaleUpdateAlertPage })),
  },
  {
    path: 'addPromo',
    lazy: () => import('./pages/add-promo-page').then((m) => ({ Component: m.AddPromoPage })),
  },
  {
    path: 'promoAlert',
    lazy: () => import('./pages/campaign-alert-page').then((m) => ({ Component: m.PromoAlertPage })),
  },
  {
    path: 'viewcomplain',
    lazy: () => import('./pages/seller-complaints-page').then((m) => ({ Component: m.SellerComplaintsPage })),
  },
  {
    path: 'blogs',
    lazy: () => import('./pages/seller-blogs-page').then((m) => ({ Component: m.SellerBlogsPage })),
  },
  {
    path: 'sellerProfile',
    lazy: () => import('./pages/seller-profile-page').then((m) => ({ Component: m.SellerProfilePage })),
  },
];

/** Pages with no shared layout. */
export const bareRoutes: RouteObject[] = [];
