/**
 * Property-based: every route gets generated hostile bodies, queries and params (shaped after its zod schema)
 * and must answer without a 5xx, with the error shape on every 4xx, and without writing anything when it refuses.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/client';
import { buildTestApp } from '../testing/test-app';
import { createCustomer, createSeller } from '../testing/factories';

const t = await buildTestApp();
const customer = await createCustomer(t);
const seller = await createSeller(t);

/** Counters and caches that a refused request may legitimately touch (a failed login counts an attempt). */
const volatileTables = new Set(['rate_limits', 'product_views', 'sessions', '__drizzle_migrations']);

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.ctx.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counted = tables.map((x) => x.name).filter((name) => !volatileTables.has(name));
  const parts = counted.map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`);
  const rows = await queryRows<{ name: string; n: number }>(t.ctx.db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

const big = 'x'.repeat(1024 * 1024);
const hostileString = fc.constantFrom(
  '',
  ' ',
  big,
  "'; drop table products; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '𝓟𝓻𝓲𝓬𝓮𝓗𝓾𝓫 ☃ \u0000 \u202e',
  '../../etc/passwd',
  '%00',
  '13/45/2024',
  'not-a-date',
  '1999-01-01',
  '2024-02-30T25:61:00Z',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
);
const hostileNumber = fc.constantFrom(
  -1,
  0,
  0.5,
  -0.0001,
  1e15,
  Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  99.999,
);
const hostileValue = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileNumber, { maxLength: 3 }),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: false }),
);

/** The keys a schema expects (when it is a plain object schema), so that generated inputs hit real fields. */
function keysOf(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return keysOf(schema.in);
  return [];
}

function inputFor(schema: unknown) {
  const keys = keysOf(schema);
  const fields = Object.fromEntries(keys.map((k) => [k, fc.option(hostileValue, { nil: undefined })]));
  return fc.oneof(
    fc.record(fields, { requiredKeys: [] }),
    // Extra, unknown fields beside the expected ones.
    fc.record({ ...fields, unexpected: hostileValue, __proto__x: hostileValue }, { requiredKeys: [] }),
    hostileValue,
  );
}

const routes = t.app.routeTable.filter(
  (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.url.includes('stream') && r.access,
);

const cookieFor = (access: string | undefined) =>
  access === 'seller' ? seller.cookie : access === 'customer' || access === 'account' ? customer.cookie : undefined;

describe.each(routes)('$method $url', ({ method, url, access, schema }) => {
  it('never fails with 5xx, always explains a 4xx and writes nothing when it refuses', async () => {
    const paramNames = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    await fc.assert(
      fc.asyncProperty(
        inputFor(schema?.body),
        inputFor(schema?.querystring),
        fc.array(fc.oneof(hostileString, fc.integer().map(String)), {
          minLength: paramNames.length,
          maxLength: paramNames.length,
        }),
        async (body, query, params) => {
          let path = url;
          paramNames.forEach(
            (name, i) => (path = path.replace(`:${name}`, encodeURIComponent(String(params[i] || 'x')))),
          );
          const qs =
            query && typeof query === 'object' && !Array.isArray(query)
              ? Object.entries(query)
                  .filter(([, v]) => v !== undefined)
                  .map(
                    ([k, v]) =>
                      `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`,
                  )
                  .join('&')
              : '';
          const before = await rowCounts();
          const cookie = cookieFor(access);
          const res = await t.app.inject({
            method: method as 'POST',
            url: qs ? `${path}?${qs}` : path,
            headers: cookie ? { cookie } : {},
            ...(method === 'GET' || method === 'DELETE'
              ? {}
              : {
                  payload: JSON.stringify(body ?? null),
                  headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
                }),
          });
          expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const summary = `${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(typeof res.json()?.error?.message, summary).toBe('string');
            expect(await rowCounts()).toEqual(before);
          }
        },
      ),
      // Counterexamples can hold a 1 MB string: report them truncated.
      {
        numRuns: 12,
        seed: 20261122,
        reporter: (run) => {
          if (run.failed)
            throw new Error(String((run.errorInstance as Error)?.message ?? run.errorInstance).slice(0, 600));
        },
      },
    );
  });
});
