import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { toastSignal } from './components/toast-signal';
import { theme } from './theme';

const ToastContainer = lazy(() => import('./components/toast-container'));

/** The toast container loads with the first toast, not with the page (see components/toast-signal.ts). */
function Toasts() {
  const needed = useSyncExternalStore(toastSignal.subscribe, toastSignal.requested, () => false);
  return needed ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}

/**
 * The shop has one color scheme, light (the server sends `data-mantine-color-scheme="light"`). Mantine's default manager
 * would read a choice from localStorage as the app starts, twice, and the browser's first read of localStorage waits
 * for its browser process: 3-4 ms of main thread on every page load, for a choice nobody can make.
 */
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
    },
  });
}

/** What wraps every page, in the browser and when the server renders one. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} colorSchemeManager={lightOnly} forceColorScheme="light">
        <Toasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
