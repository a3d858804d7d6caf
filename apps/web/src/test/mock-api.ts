import { vi } from 'vitest';

type Reply = [status: number, body?: unknown];

/**
 * Stands in for the server: `replies` maps "METHOD /api/path" to a status and JSON body (or a list of them,
 * used in turn). Every call is recorded with its parsed body so tests can check what was posted.
 */
export function mockApi(replies: Record<string, Reply | Reply[]>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const used: Record<string, number> = {};
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = `${method} ${url}`;
    const planned = replies[key];
    if (!planned)
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), { status: 404 });
    const list = (Array.isArray(planned[0]) ? planned : [planned]) as Reply[];
    const n = used[key] ?? 0;
    used[key] = n + 1;
    const [status, body] = list[Math.min(n, list.length - 1)]!;
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, sent: (key: string) => calls.filter((c) => `${c.method} ${c.url}` === key) };
}

export const apiError = (status: number, message: string, fields?: Record<string, string>): Reply => [
  status,
  { error: { code: 'HTTP_' + status, message, fields } },
];

/** The session answers of a signed-in customer and seller, for `'GET /api/auth/session'`. */
export const customerSession: Reply = [
  200,
  { user: { id: 1, role: 'customer', email: 'hina@example.test', name: 'Hina', store: null } },
];
export const sellerSession: Reply = [
  200,
  { user: { id: 2, role: 'seller', email: 's@example.test', name: 'Seller', store: { id: 1, slug: 's', name: 'S' } } },
];
