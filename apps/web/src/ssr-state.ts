import type { DehydratedState } from '@tanstack/react-query';

/** What a server-rendered page hands to the browser: the answers its HTML was drawn from, and the routes it shows. */
export interface SsrState {
  queries: DehydratedState;
  /**
   * The places of the routes the page matched, outermost first (see `routePlace`). The browser loads those routes'
   * code before it takes over the page, and finding them by place spares it matching the URL against every route
   * (compiling each route's pattern cost a phone ~60 ms of start-up).
   */
  routes?: string[];
}

interface RouteTree {
  children?: RouteTree[];
}

/** A route's place in a route tree: its index at each level, joined by dots ("0.0.12"); null when it is not there. */
export function routePlace(tree: RouteTree[], route: RouteTree): string | null {
  for (const [i, node] of tree.entries()) {
    if (node === route) return String(i);
    const below = node.children ? routePlace(node.children, route) : null;
    if (below !== null) return `${i}.${below}`;
  }
  return null;
}

/** The route at a place `routePlace` gave for a tree of the same shape. */
export function routeAt<T extends RouteTree>(tree: T[], place: string): T | undefined {
  let level: RouteTree[] | undefined = tree;
  let route: RouteTree | undefined;
  for (const index of place.split('.')) {
    route = level?.[Number(index)];
    level = route?.children;
  }
  return route as T | undefined;
}

/**
 * The state travels in a JSON data block, not a script that runs: the Content-Security-Policy allows no inline
 * scripts. `<` is escaped so that no text inside can close the block.
 */
export const SSR_STATE_ID = 'ssr-state';

/**
 * A signed-in shopper's own answers (who they are, their cart), sent beside a page drawn for everyone
 * (entry-server.tsx `personalize`); the browser takes them after the page's, so they win.
 */
export const SSR_PERSONAL_ID = 'ssr-personal';

export const serializeSsrState = (state: SsrState, id = SSR_STATE_ID): string =>
  `<script type="application/json" id="${id}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;

export function readSsrState(id = SSR_STATE_ID): SsrState | null {
  const element = document.getElementById(id);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}
