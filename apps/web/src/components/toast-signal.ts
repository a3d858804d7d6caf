/**
 * Whether any toast has been asked for yet. The toast container (and the transition and scroll-lock code Mantine's
 * notifications bring, a tenth of the first load) is loaded by app-providers.tsx once this says so.
 */
let requested = false;
const listeners = new Set<() => void>();

export const toastSignal = {
  request(): void {
    if (requested) return;
    requested = true;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  requested: (): boolean => requested,
};
