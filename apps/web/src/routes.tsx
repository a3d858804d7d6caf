import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ClientOnly } from './components/client-only';
import { NotFoundPage } from './components/not-found-page';
import { RouteError } from './components/route-error';
import { ShopLayout } from './components/shop-layout';
import * as auth from './features/auth/routes';
import * as catalog from './features/catalog/routes';
import * as chat from './features/chat/routes';
import * as offers from './features/offers/routes';
import * as operator from './features/operator/routes';
import * as photoSearch from './features/photo-search/routes';
import * as saved from './features/saved/routes';
import * as sellerWorkspace from './features/seller-workspace/routes';
import * as shopping from './features/shopping/routes';

/** Features never import each other; they meet here. */
const features = [auth, catalog, offers, shopping, saved, sellerWorkspace, chat, photoSearch, operator];

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

/** The product page shows the price-comparison panel in its outlet. */
function withProductPanel(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) =>
    route.id === 'product-hub' && !route.index ? { ...route, children: offers.productPanelRoutes } : route,
  );
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
          ...withProductPanel(features.flatMap((f) => f.shopRoutes)),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/seller',
        // The seller workspace is a separate chunk (with its live order notifications): shoppers never download it.
        lazy: async () => {
          const [layout, live] = await Promise.all([
            import('./features/seller/components/seller-layout'),
            import('./features/shopping/components/seller-live-notifications'),
          ]);
          return { Component: () => <layout.SellerLayout live={<live.SellerLiveNotifications />} /> };
        },
        children: features.flatMap((f) => f.sellerRoutes),
      },
      ...features.flatMap((f) => f.bareRoutes),
    ],
  },
];
