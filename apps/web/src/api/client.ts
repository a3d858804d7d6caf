import type { ApiError } from '@pricehub/shared/schemas/error';
import { messages } from '@pricehub/shared/messages';

/** An answer other than 2xx, carrying the server's message and per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a request reaches the API: the browser's fetch, or (while the server renders a page) the server itself. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let serverTransport: ApiTransport | null = null;

/** Used by the server-side renderer (entry-server.tsx) only; the browser always uses fetch. */
export function setServerTransport(transport: ApiTransport): void {
  serverTransport = transport;
}

/** The one way the web app calls the API: JSON in, JSON out, the session cookie along, errors as ApiRequestError. */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    res = serverTransport ? await serverTransport(path, init) : await fetch(`/api${path}`, init);
  } catch {
    throw new ApiRequestError(0, 'Cannot reach PriceHub. Check your connection and try again.', 'NETWORK');
  }
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const error = (data as ApiError | undefined)?.error;
    throw new ApiRequestError(
      res.status,
      error?.message ?? messages.generic.internal,
      error?.code ?? 'HTTP_' + res.status,
      error?.fields,
      (error as { details?: unknown } | undefined)?.details,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const get = <T>(path: string) => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const put = <T>(path: string, body?: unknown) => api<T>('PUT', path, body ?? {});
export const patch = <T>(path: string, body?: unknown) => api<T>('PATCH', path, body ?? {});
export const del = <T>(path: string) => api<T>('DELETE', path);
