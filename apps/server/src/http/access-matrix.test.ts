/**
 * Reads the app's route table and proves the access rule of every route: a new route without a declared
 * audience fails here, and every guarded route refuses visitors (401) and the wrong role (403): shoppers' and sellers'
 * routes refuse operators (who neither buy nor sell), and operators' routes refuse customers and sellers.
 */
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app';
import { createCustomer, createSeller } from '../testing/factories';
import { createTestOperator } from '../modules/operator/testing';

const t = await buildTestApp();
const customer = await createCustomer(t);
const seller = await createSeller(t);
const operator = await createTestOperator(t);

const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const withParams = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (/code|token/i.test(name) ? 'ABCDEF12' : '1'));
const call = (method: string, url: string, cookie?: string) =>
  t.app.inject({
    method: method as 'GET',
    url: withParams(url),
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('the route table', () => {
  it('has API routes for every feature', () => {
    expect(apiRoutes.length).toBeGreaterThan(20);
  });

  it('has the operator console, for operators only', () => {
    const consoleRoutes = apiRoutes.filter((r) => r.url.startsWith('/api/operator/'));
    expect(consoleRoutes.length).toBeGreaterThanOrEqual(4);
    expect(consoleRoutes.filter((r) => r.access !== 'operator')).toEqual([]);
  });

  it('declares who may call every route', () => {
    const unclassified = apiRoutes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(unclassified).toEqual([]);
  });
});

describe.each(apiRoutes.filter((r) => r.access && r.access !== 'public' && r.access !== 'webhook'))(
  '$method $url ($access)',
  ({ method, url, access }) => {
    it('refuses a visitor with 401', async () => {
      const res = await call(method, url);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBeTruthy();
    });

    if (access === 'customer' || access === 'seller' || access === 'operator') {
      const others = { customer, seller, operator };
      it.each(Object.keys(others).filter((role) => role !== access))(
        'refuses a signed-in %s with 403',
        async (role) => {
          const res = await call(method, url, others[role as keyof typeof others].cookie);
          expect(res.statusCode).toBe(403);
          expect(res.json().error.message).toBeTruthy();
        },
      );
    }
  },
);

describe.each(apiRoutes.filter((r) => r.access === 'public' && !r.url.includes('stream')))(
  '$method $url (public)',
  ({ method, url }) => {
    it('answers a visitor with dummy input without a server error', async () => {
      const res = await call(method, url);
      expect(res.statusCode).toBeLessThan(500);
    });
  },
);

describe.each(apiRoutes.filter((r) => r.access === 'webhook'))('$method $url (webhook)', ({ method, url }) => {
  it('refuses an unsigned call', async () => {
    const res = await call(method, url);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
