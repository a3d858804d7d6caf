import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, useEffect } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from './app-providers';
import { startTakingOver } from './hooks/use-hydrated';
import { routes } from './routes';
import { readSsrState, routeAt, SSR_PERSONAL_ID } from './ssr-state';

/** Lets the browser paint and answer input between the steps of start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The answers a page arrived with, dated now. They are as fresh as the page: the server draws a page again (or drops
 * its kept copy) when what it shows changes, so a product page kept for minutes still carries current prices, but
 * its answers keep the time they were read. Dated then, they would be stale on arrival, and every query on
 * the page would be asked again the moment the app takes over: three requests per product page, and a re-render
 * of the whole page in one long task, because a query that starts fetching while React subscribes to it makes React
 * draw its component again at once. Both states get the same date, and dates only move forward, so the shopper's own
 * answers, taken first, still win over the shared page's (hydrate replaces an answer only with a strictly newer one).
 */
function answeredAt(state: DehydratedState, now: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => ({
      ...q,
      state: { ...q.state, dataUpdatedAt: Math.max(now, q.state.dataUpdatedAt) },
    })),
  };
}

/** Marks the page as taken over by the app (`<html data-app-ready>`): the browser tests wait for it after a load. */
function AppReady() {
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return null;
}

/**
 * Loads the code of the routes on screen now, so the first render can match the server's HTML. The server names their
 * places in the tree; a page without them (none is expected) has its URL matched instead.
 */
async function loadInitialRoutes(tree: RouteObject[], places: string[] | undefined): Promise<void> {
  const named = places?.map((place) => routeAt(tree, place));
  const onScreen =
    named && named.every((route) => route !== undefined)
      ? named
      : (matchRoutes(tree, window.location) ?? []).map((m) => m.route);
  for (const route of onScreen) {
    if (typeof route.lazy !== 'function') continue;
    Object.assign(route, await route.lazy(), { lazy: undefined });
    await nextTask();
  }
}

/**
 * Start-up as a few short tasks rather than one long one: this module and the app's code evaluate first, React's
 * renderer (the largest piece) in a task of its own, then the pages on screen, then the router (matching and ranking
 * every route); React then renders in a transition,
 * in slices of a few milliseconds, so the page answers a tap throughout.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const state = readSsrState();
  const serverDrawn = !!state && !!container.firstElementChild;
  const queryClient = createQueryClient();
  // A signed-in shopper's own answers come beside the page everyone is sent. They go in first: hydrate never puts an
  // older answer over a newer one, so the visitor's "nobody is signed in" drawn with the shared page does not win.
  const personal = readSsrState(SSR_PERSONAL_ID);
  const arrived = Date.now();
  if (personal) hydrate(queryClient, answeredAt(personal.queries, arrived));
  if (state) hydrate(queryClient, answeredAt(state.queries, arrived));
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  if (serverDrawn) await loadInitialRoutes(routes, state.routes);
  const router = createBrowserRouter(routes);
  await nextTask();
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <AppReady />
    </AppProviders>
  );
  if (serverDrawn) startTakingOver();
  startTransition(() => {
    if (serverDrawn) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start();
