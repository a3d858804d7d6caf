import type { RouteObject } from 'react-router';

/*
 * Photo search has no pages of its own: its header control (components/photo-search-button.tsx) opens the catalogue's
 * /result page filtered by brand. The arrays exist so the router can treat every feature alike.
 */
export const shopRoutes: RouteObject[] = [];
export const sellerRoutes: RouteObject[] = [];
export const bareRoutes: RouteObject[] = [];
