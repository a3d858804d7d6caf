import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

export interface PrefetchArgs {
  queryClient: QueryClient;
  params: Params;
  url: URL;
}

/**
 * A route's `handle`: what its page reads first. The server renders a route that has one, with these queries
 * already answered, so the page arrives as HTML with its content; other routes are drawn by the browser alone.
 */
export interface RouteHandle {
  prefetch?: (args: PrefetchArgs) => Promise<unknown>;
}
