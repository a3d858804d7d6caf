import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app';

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
