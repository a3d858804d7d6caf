import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const nulMessage = 'The request contains a character that is not allowed';

/** Any string in a parsed value holding U+0000; iterative, so a deeply nested JSON body cannot overflow the stack. */
function hasNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL ("invalid byte sequence"), so a %00 in a path, a query or a JSON body would
 * fail inside SQL as a 500. It is refused with a 400 before validation; registered after the access check, so a
 * visitor still gets 401/403 first.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) throw badRequest(nulMessage);
  });
}
