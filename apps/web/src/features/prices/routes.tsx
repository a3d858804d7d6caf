import { redirect, type RouteObject } from 'react-router';
import type { RouteHandle } from '../../api/route-prefetch';

/** The product hub's price-comparison panel: the lead mounts it as the child of the route with id 'product-hub'. */
export const productPanelRoutes: RouteObject[] = [
  {
    index: true,
    handle: {
      // Imported when the server renders the page: the browser's first load does not carry it.
      prefetch: async ({ queryClient, params }) => {
        const { priceHistoryQuery, productOffersQuery } = await import('./api/product-offers');
        const id = Number(params.productId);
        return Promise.all([
          queryClient.prefetchQuery(productOffersQuery(id)),
          queryClient.prefetchQuery(priceHistoryQuery(id)),
        ]);
      },
    } satisfies RouteHandle,
    lazy: () => import('./pages/product-offers-panel').then((m) => ({ Component: m.ProductOffersPanel })),
  },
];

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  {
    path: '/result/productDetail/:offerId',
    lazy: () => import('./pages/external-product-page').then((m) => ({ Component: m.ExternalProductPage })),
  },
  // The spec's plain path carried the product in router state; without an id the list is the useful answer.
  { path: '/result/productDetail', loader: () => redirect('/ScrapeProducts') },
  {
    path: '/price-alerts',
    lazy: () => import('./pages/price-alerts-page').then((m) => ({ Component: m.PriceAlertsPage })),
  },
  {
    path: '/ScrapeProducts',
    lazy: () => import('./pages/scrape-products-page').then((m) => ({ Component: m.ScrapeProductsPage })),
  },
];
