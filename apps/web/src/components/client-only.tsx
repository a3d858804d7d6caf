import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '../hooks/when-idle';

/**
 * Renders its children in the browser only, once it is idle after taking over the page: on the server, and until
 * then, it shows the fallback. For extras that load their code lazily (the header's photo search, the assistant's
 * launcher): fetching and drawing them is a task of its own, not part of the page becoming interactive.
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setReady(true))), []);
  return ready ? children : fallback;
}
