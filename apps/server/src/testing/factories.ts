import { randomBytes } from 'node:crypto';
import type { App } from '../app';
import type { AppContext } from '../context';
import { registerCustomer, registerSeller } from '../modules/auth/service';

const unique = () => randomBytes(4).toString('hex');
export const TEST_PASSWORD = 'Passw0rd!';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  /** The session cookie, ready for `headers: { cookie }`. */
  cookie: string;
}

/** Signs in through the real login route and returns the session cookie. */
export async function signIn(app: App, email: string, password: string, role: 'customer' | 'seller'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, role } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'ph_session');
  return `ph_session=${cookie!.value}`;
}

export async function createCustomer(
  t: { app: App; ctx: AppContext },
  overrides: Partial<{ name: string; email: string }> = {},
): Promise<TestUser> {
  const email = overrides.email ?? `customer-${unique()}@example.test`;
  const { id } = await registerCustomer(t.ctx, {
    name: overrides.name ?? 'Test Customer',
    email,
    password: TEST_PASSWORD,
    phone: '03001234567',
    address: '1 Test Street, Lahore',
  });
  return { id, email, password: TEST_PASSWORD, cookie: await signIn(t.app, email, TEST_PASSWORD, 'customer') };
}

export interface TestSeller extends TestUser {
  storeName: string;
}

export async function createSeller(
  t: { app: App; ctx: AppContext },
  overrides: Partial<{ storeName: string; email: string }> = {},
): Promise<TestSeller> {
  const email = overrides.email ?? `seller-${unique()}@example.test`;
  const storeName = overrides.storeName ?? `Store ${unique()}`;
  const { id } = await registerSeller(t.ctx, {
    sellerName: 'Test Seller',
    storeName,
    email,
    password: TEST_PASSWORD,
    phone: '03001234567',
    license: `LIC-${unique()}`,
  });
  return { id, email, storeName, password: TEST_PASSWORD, cookie: await signIn(t.app, email, TEST_PASSWORD, 'seller') };
}
