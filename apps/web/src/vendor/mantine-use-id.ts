import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' useId (see vite.config.ts). Mantine's version keeps the id in state and replaces
 * it with a random one in a layout effect after mounting: every input, chip and popover then renders twice, and a
 * server-drawn page re-renders synchronously right after the browser takes it over. React's own useId is the same
 * on the server and in the browser, so the id needs no second render.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
