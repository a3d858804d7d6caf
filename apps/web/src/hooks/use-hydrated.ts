import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server draws a page and while the browser takes over the server's HTML (hydration), true from then
 * on, and true at once for anything drawn later. A part whose markup depends on who is signed in draws its shared
 * form until then, so that one server-drawn page can serve every visitor (see components/personal-slot.tsx).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
