import type { RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  { path: '/chatbot', lazy: () => import('./pages/chatbot-page').then((m) => ({ Component: m.ChatbotPage })) },
];

/** Pages inside the seller workspace (under /seller, with the sidebar). */
export const sellerRoutes: RouteObject[] = [];

/** Pages with no shared layout. */
export const bareRoutes: RouteObject[] = [];
