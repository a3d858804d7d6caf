/** PostgreSQL error codes we act on; drizzle wraps the driver's error, so the chain of causes is searched. */
export function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
