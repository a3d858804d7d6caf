import type { RouteObject } from 'react-router';

/** Pages under the shop layout (header and footer). */
export const shopRoutes: RouteObject[] = [
  { path: '/chatbot', lazy: () => import('./pages/chatbot-page').then((m) => ({ Component: m.ChatbotPage })) },
];
