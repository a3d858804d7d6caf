/**
 * The server's renderer for the public shop pages (built by `vite build --ssr` into dist/ssr). The server calls
 * `render` for a page request; a route whose `handle` names what it reads (api/route-prefetch.ts) comes back as
 * HTML with its content and the answers it was drawn from, any other route as null (the browser draws it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { text } from 'node:stream/consumers';
import { dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { cartCountQuery } from './api/cart-summary';
import { setServerTransport, type ApiTransport } from './api/client';
import type { RouteHandle } from './api/route-prefetch';
import { sessionQuery } from './api/session';
import { AppProviders, createQueryClient } from './app-providers';
import { routes } from './routes';
import { serializeSsrState } from './ssr-state';

// Each page render reaches the API through the transport of its own request (with that visitor's cookie).
const currentTransport = new AsyncLocalStorage<ApiTransport>();
setServerTransport((path, init) => currentTransport.getStore()!(path, init));

const handler = createStaticHandler(routes);

export type RenderResult =
  | { kind: 'page'; status: number; html: string; state: string }
  | { kind: 'redirect'; status: number; location: string };

export async function render(request: Request, transport: ApiTransport): Promise<RenderResult | null> {
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const prefetches = context.matches
    .map((m) => ({ match: m, prefetch: (m.route.handle as RouteHandle | undefined)?.prefetch }))
    .filter((p) => p.prefetch);
  if (prefetches.length === 0 || context.statusCode >= 400) return null;

  const queryClient = createQueryClient();
  const url = new URL(request.url);
  await currentTransport.run(transport, async () => {
    const session = await queryClient.fetchQuery(sessionQuery()).catch(() => null);
    await Promise.all([
      ...prefetches.map(({ match, prefetch }) => prefetch!({ queryClient, params: match.params, url })),
      ...(session?.user?.role === 'customer' ? [queryClient.prefetchQuery(cartCountQuery())] : []),
    ]);
  });
  // A page whose data could not be read (a product that does not exist) is left to the browser, which shows why.
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((q) => q.state.status === 'error')
  )
    return null;

  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <AppProviders queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  return {
    kind: 'page',
    status: context.statusCode,
    html: await text(prelude),
    state: serializeSsrState({ queries: dehydrate(queryClient) }),
  };
}
