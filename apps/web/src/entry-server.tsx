/**
 * The server's renderer for the public shop pages (built by `vite build --ssr` into dist/ssr). The server calls
 * `render` for a page request; a route whose `handle` names what it reads (api/route-prefetch.ts) comes back as
 * HTML with its content and the answers it was drawn from, any other route as null (the browser draws it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { text } from 'node:stream/consumers';
import { MantineProvider } from '@mantine/core';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import type { CartCount } from '@pricehub/shared/schemas/cart';
import { cartCountQuery } from './api/cart-summary';
import { setServerTransport, type ApiTransport } from './api/client';
import type { RouteHandle } from './api/route-prefetch';
import { sessionQuery } from './api/session';
import { HeaderPersonal } from './components/header';
import { PERSONAL_SLOT_CLOSE, PERSONAL_SLOT_OPEN } from './components/personal-slot';
import { AppProviders, createQueryClient } from './app-providers';
import { routes } from './routes';
import { routePlace, serializeSsrState, SSR_PERSONAL_ID } from './ssr-state';
import { theme } from './theme';

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
    state: serializeSsrState({
      queries: dehydrate(queryClient),
      routes: context.matches.map((m) => routePlace(handler.dataRoutes, m.route)!),
    }),
  };
}

/** Personal slots drawn lately, by what they show: a shopper's header is the same on every page until it changes. */
const personalSlots = new Map<string, string>();
const PERSONAL_SLOTS_KEPT = 1000;

function personalSlotFor(shown: string, draw: () => string): string {
  let slot = personalSlots.get(shown);
  if (slot === undefined) {
    slot = draw();
    personalSlots.set(shown, slot);
    if (personalSlots.size > PERSONAL_SLOTS_KEPT) personalSlots.delete(personalSlots.keys().next().value!);
  }
  return slot;
}

/**
 * Where a signed-in customer's own parts go in a page drawn for everyone (by `render`, for a visitor): the inside of
 * its PersonalSlot, and a block of their own answers before `</body>`. [start, end) ranges of `html`, in order, each
 * replaced by the part `personalize` answers in its place; null when the page has no slot. The server asks once per
 * kept page (http/personal-page.ts compresses the text around them once).
 */
export function personalPlaces(html: string): [number, number][] | null {
  const open = html.indexOf(PERSONAL_SLOT_OPEN);
  const close = open < 0 ? -1 : html.indexOf(PERSONAL_SLOT_CLOSE, open);
  const bodyEnd = html.lastIndexOf('</body>');
  if (close < 0 || bodyEnd < close) return null;
  return [
    [open + PERSONAL_SLOT_OPEN.length, close],
    [bodyEnd, bodyEnd],
  ];
}

/** An API answer as the server reads it for a page: its status and body, no Response to stream. */
export type ApiRead = (path: string) => Promise<{ status: number; body: string }>;

/** The answer's JSON when the API said 200, else undefined (the browser asks again, as it would without it). */
async function answered<T>(read: ApiRead, path: string): Promise<T | undefined> {
  const { status, body } = await read(path);
  return status === 200 ? (JSON.parse(body) as T) : undefined;
}

/**
 * The signed-in customer's own parts of a shared page, one per place of `personalPlaces`: their header
 * (HeaderPersonal, drawn alone) and their answers (session, cart count) in a block of their own, which the browser
 * takes after the page's. Null when the request is not a customer's (a seller's or operator's page is drawn whole).
 * Drawn for every page a customer opens: the two answers are read as they are and put in the cache as they are, without
 * a fetch of their own.
 */
export async function personalize(read: ApiRead): Promise<string[] | null> {
  const session = await answered<{ user: SessionUser | null }>(read, '/auth/session');
  if (session?.user?.role !== 'customer') return null;
  const cartCount = await answered<CartCount>(read, '/cart/count');
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQuery().queryKey, session);
  if (cartCount) queryClient.setQueryData(cartCountQuery().queryKey, cartCount);
  const shown = JSON.stringify([session, cartCount?.count]);
  const slot = personalSlotFor(shown, () =>
    // The page already carries Mantine's variables and global classes: the slot brings none of its own. The slot is
    // the same on every page (its links go to fixed places), so it is drawn at "/" and kept by what it shows.
    renderToString(
      <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location="/">
            <HeaderPersonal navOpen={false} onToggleNav={() => {}} />
          </StaticRouter>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  );
  return [slot, `${serializeSsrState({ queries: dehydrate(queryClient) }, SSR_PERSONAL_ID)}\n  `];
}
