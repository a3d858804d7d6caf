import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition, useEffect } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from './app-providers';
import { routes } from './routes';
import { readSsrState, SSR_PERSONAL_ID } from './ssr-state';

/** Lets the browser paint and answer input between the steps of start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Marks the page as taken over by the app (`<html data-app-ready>`): the browser tests wait for it after a load. */
function AppReady() {
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return null;
}

/** Loads the code of the routes on screen now, so the first render can match the server's HTML. */
async function loadInitialRoutes(tree: RouteObject[]): Promise<void> {
  for (const { route } of matchRoutes(tree, window.location) ?? []) {
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
  if (personal) hydrate(queryClient, personal.queries);
  if (state) hydrate(queryClient, state.queries);
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  if (serverDrawn) await loadInitialRoutes(routes);
  const router = createBrowserRouter(routes);
  await nextTask();
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <AppReady />
    </AppProviders>
  );
  startTransition(() => {
    if (serverDrawn) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start();
