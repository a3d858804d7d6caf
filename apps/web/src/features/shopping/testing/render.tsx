import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../../theme';

function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

/** Renders one shopping page at `path` inside the app's providers; other routes print where they landed. */
export function renderAt(page: ReactNode, path: string, pattern = path.split('?')[0]!) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={page} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

type Reply = [status: number, body?: unknown];

/** Stands in for the server: "METHOD /api/path" → reply (or replies in turn); records every call. */
export function serve(replies: Record<string, Reply | Reply[]>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const used: Record<string, number> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const planned = replies[`${method} ${url}`];
      if (!planned)
        return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), { status: 404 });
      const list = (Array.isArray(planned[0]) ? planned : [planned]) as Reply[];
      const n = used[`${method} ${url}`] ?? 0;
      used[`${method} ${url}`] = n + 1;
      const [status, body] = list[Math.min(n, list.length - 1)]!;
      return new Response(body === undefined ? '' : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls };
}

export const customerSession: Reply = [
  200,
  { user: { id: 1, role: 'customer', email: 'hina@example.test', name: 'Hina', store: null } },
];
export const sellerSession: Reply = [
  200,
  { user: { id: 2, role: 'seller', email: 's@example.test', name: 'Seller', store: { id: 1, slug: 's', name: 'S' } } },
];
