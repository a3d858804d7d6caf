import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { loggableUrl } from './security';

const t = await buildTestApp({ publicUrl: 'http://shop.example.test' });

describe('security headers', () => {
  it('sends a Content-Security-Policy and the usual hardening headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
  });
});

describe('state-changing requests from another site', () => {
  const login = (origin?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: origin ? { origin } : {},
      payload: { email: 'nobody@example.test', password: 'x', role: 'customer' },
    });

  it('refuses a foreign Origin before doing anything', async () => {
    const res = await login('https://evil.example');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Cross-site request refused');
  });

  it('lets our own origin and non-browser clients through', async () => {
    expect((await login('http://shop.example.test')).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(401);
  });
});

describe('health and readiness', () => {
  it('reports the process alive and the database reachable', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400 and the error shape, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customers',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('TOO_LARGE');
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

const behindListedProxies = await buildTestApp({ trustProxy: ['10.0.0.0/8'] });
const behindOneHop = await buildTestApp({ trustProxy: 1 });

describe('client addresses (TRUST_PROXY)', () => {
  /** The address a failed login was counted under. */
  const addressSeen = async (app: TestApp, remoteAddress: string, forwardedFor: string) => {
    const email = `probe-${Math.random().toString(36).slice(2)}@example.test`;
    await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email, password: 'x', role: 'customer' },
    });
    const [row] = await queryRows<{ key: string }>(
      app.ctx.db,
      sql`select key from rate_limits where key like 'login:address:%' order by window_start desc, key desc limit 1`,
    );
    await app.ctx.db.execute(sql`delete from rate_limits`);
    return row!.key.replace('login:address:', '');
  };

  it('ignores X-Forwarded-For by default', async () => {
    expect(await addressSeen(t, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
  });

  it('believes X-Forwarded-For only from the listed proxies', async () => {
    const app = behindListedProxies;
    expect(await addressSeen(app, '10.1.2.3', '203.0.113.9')).toBe('203.0.113.9');
    // A client that lists a made-up chain is still seen as the last hop the proxy saw.
    expect(await addressSeen(app, '10.1.2.3', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(await addressSeen(app, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
  });

  it('with a hop count, takes the address that many hops from the server', async () => {
    expect(await addressSeen(behindOneHop, '10.1.2.3', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('logged URLs', () => {
  it.each([
    ['/api/auth/password-reset/abcDEF_123-x', '/api/auth/password-reset/:token'],
    ['/api/auth/password-reset/abc?x=1', '/api/auth/password-reset/:token?x=1'],
    ['/userpassword/reset/abcDEF_123', '/userpassword/reset/:token'],
    ['/SELLERPASSWORD/RESET/abc', '/SELLERPASSWORD/RESET/:token'],
    ['/api/auth/password-reset', '/api/auth/password-reset'],
    ['/api/wishlist/alerts/unsubscribe/Zx9_tok-en', '/api/wishlist/alerts/unsubscribe/:token'],
    ['/api/products?q=reset', '/api/products?q=reset'],
  ])('writes %s as %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});
