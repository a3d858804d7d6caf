import type { DehydratedState } from '@tanstack/react-query';

/** What a server-rendered page hands to the browser: the answers its HTML was drawn from. */
export interface SsrState {
  queries: DehydratedState;
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
