import { Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from '../../api/route-prefetch';

// The queries are imported when the server renders a page: the browser's first load does not carry them.
const api = () => import('./api/catalog');

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  {
    path: '/',
    handle: {
      prefetch: async ({ queryClient }) => queryClient.prefetchQuery((await api()).homeQuery()),
    } satisfies RouteHandle,
    lazy: () => import('./pages/home-page').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: '/result',
    handle: {
      prefetch: async ({ queryClient, url }) => {
        const [{ searchQuery }, { parseFilters }] = await Promise.all([api(), import('./lib/search-params')]);
        return queryClient.prefetchQuery(searchQuery(parseFilters(url.searchParams)));
      },
    } satisfies RouteHandle,
    lazy: () => import('./pages/result-page').then((m) => ({ Component: m.ResultPage })),
  },
  { path: '/loading', lazy: () => import('./pages/loading-page').then((m) => ({ Component: m.LoadingPage })) },
  {
    // The offers panel (features/prices productPanelRoutes) is attached below this route by the router.
    id: 'product-hub',
    path: '/result/productHub/:productId',
    handle: {
      prefetch: async ({ queryClient, params }) =>
        queryClient.prefetchQuery((await api()).productQuery(Number(params.productId))),
    } satisfies RouteHandle,
    lazy: () => import('./pages/product-hub-page').then((m) => ({ Component: m.ProductHubPage })),
  },
  // The spec's plain paths carried the id in router state; without one the lists are the useful answer.
  { path: '/result/productHub', element: <Navigate to="/result" replace /> },
  {
    path: '/viewstore/:storeSlug',
    handle: {
      prefetch: async ({ queryClient, params, url }) => {
        const { storeQuery, storePageNumber } = await api();
        return queryClient.prefetchQuery(storeQuery(params.storeSlug ?? '', storePageNumber(url.searchParams)));
      },
    } satisfies RouteHandle,
    lazy: () => import('./pages/store-page').then((m) => ({ Component: m.StorePageView })),
  },
  { path: '/viewstore', element: <Navigate to="/" replace /> },
];

/** Pages inside the seller workspace (under /seller, with the sidebar). */
export const sellerRoutes: RouteObject[] = [
  {
    path: 'products',
    lazy: () => import('./pages/seller-products-page').then((m) => ({ Component: m.SellerProductsPage })),
  },
  { path: 'addProduct', lazy: () => import('./pages/add-product-page').then((m) => ({ Component: m.AddProductPage })) },
  {
    path: 'editProduct/:listingId',
    lazy: () => import('./pages/edit-product-page').then((m) => ({ Component: m.EditProductPage })),
  },
  { path: 'editProduct', element: <Navigate to="/seller/products" replace /> },
  {
    path: 'prodUpdateAlert',
    lazy: () => import('./pages/prod-update-alert-page').then((m) => ({ Component: m.ProdUpdateAlertPage })),
  },
];
