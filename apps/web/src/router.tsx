import { createBrowserRouter } from 'react-router';
import { ShopLayout } from './components/shop-layout';
import { RouteError } from './components/route-error';
import { NotFoundPage } from './components/not-found-page';
import * as auth from './features/auth/routes';
import * as catalog from './features/catalog/routes';
import * as chat from './features/chat/routes';
import * as offers from './features/offers/routes';
import * as sellerWorkspace from './features/seller-workspace/routes';
import * as shopping from './features/shopping/routes';

/** Features never import each other; they meet here. */
const features = [auth, catalog, offers, shopping, sellerWorkspace, chat];

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <ShopLayout />,
        children: [...features.flatMap((f) => f.shopRoutes), { path: '*', element: <NotFoundPage /> }],
      },
      {
        path: '/seller',
        // The seller workspace is a separate chunk: shoppers never download it.
        lazy: () => import('./features/seller/components/seller-layout').then((m) => ({ Component: m.SellerLayout })),
        children: features.flatMap((f) => f.sellerRoutes),
      },
      ...features.flatMap((f) => f.bareRoutes),
    ],
  },
]);
