import { startTransition, useEffect, useState } from 'react';

/** True while the browser takes over a page the server drew (main.tsx), until the first part of it has done so. */
let takingOver = false;

/** Called by main.tsx before it hydrates a server-drawn page. */
export function startTakingOver(): void {
  takingOver = true;
}

/**
 * False while the server draws a page and while the browser takes over the server's HTML (hydration), true from then
 * on, and true at once for anything drawn later. A part whose markup depends on who is signed in draws its shared
 * form until then, so that one server-drawn page can serve every visitor (see components/personal-slot.tsx).
 *
 * It flips to true in a transition, drawn in slices of a few milliseconds. `useSyncExternalStore` with a server
 * snapshot said the same thing more simply, but React redraws such a store's change at once, in one piece: the
 * header's own part and the price alert redrawn together were a 75 ms task on a throttled phone, right after load.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !takingOver);
  useEffect(() => {
    if (hydrated) return;
    takingOver = false;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
