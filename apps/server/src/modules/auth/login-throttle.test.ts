import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { queryRows } from '../../db/client';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { createCustomer, TEST_PASSWORD } from '../../testing/factories';

const t = await buildTestApp();
// Behind one proxy hop: the address is the last X-Forwarded-For entry.
const proxied = await buildTestApp({ trustProxy: 1 });

const login = (
  app: TestApp,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    remoteAddress,
    payload: { email, password, role: 'customer' },
  });

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);

describe('the login throttle', () => {
  it('cannot be dodged with X-Forwarded-For when TRUST_PROXY is off: 429 from the 11th wrong password', async () => {
    const c = await createCustomer(t);
    const codes: number[] = [];
    for (let i = 1; i <= 14; i++) {
      codes.push((await login(t, c.email, 'Wrong!pass1', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(401), 429, 429, 429, 429]);
    const blocked = await login(t, c.email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(messages.login.tooManyAttempts);
    // The spoofed addresses were never used as the client's.
    const keys = await queryRows<{ key: string }>(t.ctx.db, sql`select key from rate_limits where key like 'login:%'`);
    expect(keys.map((k) => k.key).filter((k) => k.includes('203.0.113.'))).toEqual([]);
  });

  it('behind a trusted proxy, still counts per account when every attempt comes from a new address', async () => {
    const c = await createCustomer(proxied);
    const codes: number[] = [];
    for (let i = 1; i <= 14; i++) {
      codes.push((await login(proxied, c.email, 'Wrong!pass1', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(401), 429, 429, 429, 429]);
  });

  it('counts per address too: 30 wrong logins on different accounts from one address, then 429 there only', async () => {
    const from = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 1; i <= 30; i++) {
      expect((await login(proxied, `guess-${i}@example.test`, 'Wrong!pass1', from)).statusCode).toBe(401);
    }
    expect((await login(proxied, 'guess-31@example.test', 'Wrong!pass1', from)).statusCode).toBe(429);
    const elsewhere = { 'x-forwarded-for': '192.0.2.78' };
    expect((await login(proxied, 'guess-31@example.test', 'Wrong!pass1', elsewhere)).statusCode).toBe(401);
  });

  it('lets at most 10 of a parallel burst of 20 through to the password check', async () => {
    const c = await createCustomer(t);
    const burst = await Promise.all(Array.from({ length: 20 }, () => login(t, c.email, 'Wrong!pass1', {}, '10.9.0.1')));
    expect(statuses(burst).filter((s) => s === 401)).toHaveLength(10);
    expect(statuses(burst).filter((s) => s === 429)).toHaveLength(10);
  });

  it('does not count successful logins: a shopper who signs in often is never locked out', async () => {
    const c = await createCustomer(t);
    for (let i = 1; i <= 15; i++) expect((await login(t, c.email, TEST_PASSWORD, {}, '10.9.0.2')).statusCode).toBe(200);
    for (let i = 1; i <= 10; i++) expect((await login(t, c.email, 'Wrong!pass1', {}, '10.9.0.2')).statusCode).toBe(401);
    expect((await login(t, c.email, TEST_PASSWORD, {}, '10.9.0.2')).statusCode).toBe(429);
  });
});

describe('account enumeration through login', () => {
  /** Median time of `n` calls, interleaved with the other kind so that machine load hits both alike. */
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const timed = async (run: () => Promise<{ statusCode: number }>) => {
    const started = performance.now();
    expect((await run()).statusCode).toBe(401);
    return performance.now() - started;
  };

  it('spends the same password-hashing work on an unknown email as on a wrong password', async () => {
    const c = await createCustomer(t);
    await login(t, 'warm-up@example.test', 'Wrong!pass1', {}, '10.8.0.1');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed(() => login(t, c.email, 'Wrong!pass1', {}, `10.8.1.${i}`)));
      unknown.push(await timed(() => login(t, `nobody-${i}@example.test`, 'Wrong!pass1', {}, `10.8.2.${i}`)));
    }
    // Without the dummy hash an unknown email answers in a few milliseconds against ~35 ms for argon2.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});
