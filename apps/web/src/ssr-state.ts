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

export const serializeSsrState = (state: SsrState): string =>
  `<script type="application/json" id="${SSR_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;

export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}
