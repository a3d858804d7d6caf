/**
 * Runs `callback` once the browser is idle (at the latest after `timeout` ms), and returns a cancel function: for
 * work a page does not need to become interactive, such as counting a view or drawing a header extra.
 */
export function whenIdle(callback: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 100);
  return () => clearTimeout(id);
}
