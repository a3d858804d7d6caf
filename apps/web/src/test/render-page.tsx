import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { theme } from '../theme';

/** Prints where the app navigated to, so a test can assert the destination without the real pages. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

/**
 * Renders one page at `path` (which may carry a `?query`) inside the app's providers, with stand-ins for every other
 * route. `state` is the router location state (e.g. `{ from: '/wishlist' }` as RequireRole sets it).
 */
export function renderPage(
  page: ReactNode,
  { path, pattern = path.split('?')[0]!, state }: { path: string; pattern?: string; state?: unknown },
) {
  const [pathname, search = ''] = path.split('?');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname, search: search && `?${search}`, state }]}>
          <Routes>
            <Route path={pattern} element={page} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/** Waits until the page has navigated to `path` (generously: this machine is shared and slow). */
export async function expectLandedAt(path: string) {
  await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe(path), { timeout: 5000 });
}
