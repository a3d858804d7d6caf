import type { RouteObject } from 'react-router';

/** Pages inside the seller workspace (under /seller, with the sidebar). Shoppers apply a code in features/checkout. */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'addPromo',
    lazy: () => import('./pages/add-promo-page').then((m) => ({ Component: m.AddPromoPage })),
  },
  {
    path: 'promoAlert',
    lazy: () => import('./pages/promo-alert-page').then((m) => ({ Component: m.PromoAlertPage })),
  },
];
