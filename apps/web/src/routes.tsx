import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ClientOnly } from './components/client-only';
import { NotFoundPage } from './components/not-found-page';
import { RouteError } from './components/route-error';
import { ShopLayout } from './components/shop-layout';
import * as accounts from './features/accounts/routes';
import * as auth from './features/auth/routes';
import * as blogs from './features/blogs/routes';
import * as catalog from './features/catalog/routes';
import * as chat from './features/chat/routes';
import * as checkout from './features/checkout/routes';
import * as compare from './features/compare/routes';
import * as complaints from './features/complaints/routes';
import * as dashboard from './features/dashboard/routes';
import * as notifications from './features/notifications/routes';
import * as prices from './features/prices/routes';
import * as operator from './features/operator/routes';
import * as orders from './features/orders/routes';
import * as promos from './features/promos/routes';
import * as sales from './features/sales/routes';
import * as wishlist from './features/wishlist/routes';

/** What a feature's routes.tsx may export: its pages in the shop layout, in the seller workspace, and on their own. */
interface FeatureRoutes {
  shopRoutes?: RouteObject[];
  sellerRoutes?: RouteObject[];
  bareRoutes?: RouteObject[];
}

/** Features never import each other; they meet here. */
const features: FeatureRoutes[] = [
  auth,
  accounts,
  catalog,
  prices,
  checkout,
  orders,
  notifications,
  wishlist,
  compare,
  sales,
  promos,
  complaints,
  blogs,
  dashboard,
  chat,
  operator,
];

// Header and home-page extras load after the first paint (and only in the browser), keeping their popover and
// drawer code out of the first load.
const PhotoSearchButton = lazy(() =>
  import('./features/photo-search/components/photo-search-button').then((m) => ({ default: m.PhotoSearchButton })),
);
const ChatLauncher = lazy(() =>
  import('./features/chat/components/chat-launcher').then((m) => ({ default: m.ChatLauncher })),
);

/** An extra drawn in the browser once it is idle, its code loaded then (nothing on the server). */
function IdleExtra({ children }: { children: ReactNode }) {
  return (
    <ClientOnly>
      <Suspense fallback={null}>{children}</Suspense>
    </ClientOnly>
  );
}

/** Pages that show another feature's panel in their outlet: route id -> the panel's routes. */
const panels: Record<string, RouteObject[]> = {
  // The product page shows the price comparison.
  'product-hub': prices.productPanelRoutes,
  // The customer's account page shows their order history.
  'customer-panel': orders.accountOrderRoutes,
};

function withPanels(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const panel = route.id ? panels[route.id] : undefined;
    return panel && !route.index ? { ...route, children: panel } : route;
  });
}

/**
 * The whole route tree. The browser builds its router from it (main.tsx), and the server renders the public shop
 * pages from it (entry-server.tsx).
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: (
          <ShopLayout
            searchAddon={
              <IdleExtra>
                <PhotoSearchButton />
              </IdleExtra>
            }
            homeAddon={
              <IdleExtra>
                <ChatLauncher />
              </IdleExtra>
            }
          />
        ),
        children: [
          ...withPanels(features.flatMap((f) => f.shopRoutes ?? [])),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/seller',
        // The seller workspace is a separate chunk (with its live order notifications): shoppers never download it.
        lazy: async () => {
          const [layout, live] = await Promise.all([
            import('./components/seller-layout'),
            import('./features/notifications/components/seller-live-notifications'),
          ]);
          return { Component: () => <layout.SellerLayout live={<live.SellerLiveNotifications />} /> };
        },
        children: features.flatMap((f) => f.sellerRoutes ?? []),
      },
      ...features.flatMap((f) => f.bareRoutes ?? []),
    ],
  },
];
