import { createBrowserRouter } from 'react-router';
import { ShopLayout } from './components/shop-layout';
import { RouteError } from './components/route-error';
import { NotFoundPage } from './components/not-found-page';
import * as auth from './features/auth/routes';
import * as catalog from './features/catalog/routes';
import * as chat from './features/chat/routes';
import * as offers from './features/offers/routes';
import { SellerLayout } from './features/seller/components/seller-layout';
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
        element: <SellerLayout />,
        children: features.flatMap((f) => f.sellerRoutes),
      },
      ...features.flatMap((f) => f.bareRoutes),
    ],
  },
]);
