import { vi } from 'vitest';

type Reply = [status: number, body?: unknown];

/**
 * Stands in for the server: `replies` maps "METHOD /api/path" to a status and JSON body. Every call is recorded
 * with its parsed body, so a test can check what was posted (and that nothing was).
 */
export function mockApi(replies: Record<string, Reply>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body] = replies[`${method} ${url}`] ?? [404, { error: { code: 'NOT_FOUND', message: 'Not found' } }];
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
