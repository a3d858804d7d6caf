import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller, type TestUser } from '../../testing/factories';

/**
 * Signed-in users are kept by each process (session-cache.ts) and dropped when the change feed tells of a change
 * (migration 0020): whatever changes a session or what the lookup reads shows on the next requests, in this
 * process and in another one on the same database, within a second.
 */
const t = await buildTestApp();
// A second server process on the same database, with its own cache and its own LISTEN.
const other: App = await buildApp(t.ctx);
await other.ready();
afterAll(() => other.close());

const whoIs = async (app: App, user: TestUser) => {
  const res = await app.inject({ url: '/api/auth/session', headers: { cookie: user.cookie } });
  return (res.json() as { user: { id: number; name: string; store: { name: string } | null } | null }).user;
};

/** Asks until `check` holds, for at most a second: what another process changed arrives on the feed. */
async function within1s(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 1_000) throw new Error('not seen within 1 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('signed-in users kept by each process', () => {
  it('keeps a session known to both processes, and a logout on one ends it on both', async () => {
    const shopper = await createCustomer(t);
    expect((await whoIs(t.app, shopper))?.id).toBe(shopper.id);
    expect((await whoIs(other, shopper))?.id).toBe(shopper.id);
    expect((await whoIs(other, shopper))?.id).toBe(shopper.id);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: shopper.cookie } });
    expect(out.statusCode).toBe(200);
    // At once where the logout was answered; within a second elsewhere.
    expect(await whoIs(t.app, shopper)).toBeNull();
    await within1s(async () => (await whoIs(other, shopper)) === null);
    const cart = await other.inject({ url: '/api/cart', headers: { cookie: shopper.cookie } });
    expect(cart.statusCode).toBe(401);
  });

  it('ends a session deleted by raw SQL (another program, an operator at the console), on both processes', async () => {
    const shopper = await createCustomer(t);
    expect((await whoIs(t.app, shopper))?.id).toBe(shopper.id);
    expect((await whoIs(other, shopper))?.id).toBe(shopper.id);
    await t.ctx.db.execute(sql`delete from sessions where account_id = ${shopper.id}`);
    await within1s(async () => (await whoIs(t.app, shopper)) === null && (await whoIs(other, shopper)) === null);
  });

  it('shows a changed name at once to its author, and within a second on the other process', async () => {
    const shopper = await createCustomer(t, { name: 'Before Name' });
    expect((await whoIs(t.app, shopper))?.name).toBe('Before Name');
    expect((await whoIs(other, shopper))?.name).toBe('Before Name');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie: shopper.cookie },
      payload: { name: 'After Name', phone: '03001234567', city: 'Lahore', address: '1 Test Street, Lahore' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await whoIs(t.app, shopper))?.name).toBe('After Name');
    await within1s(async () => (await whoIs(other, shopper))?.name === 'After Name');
  });

  it("shows a store's new name on its seller's session, and ends every session when the account is gone", async () => {
    const seller = await createSeller(t);
    expect((await whoIs(other, seller))?.store).not.toBeNull();
    await t.ctx.db.execute(sql`update stores set name = 'Renamed Store' where seller_id = ${seller.id}`);
    await within1s(async () => (await whoIs(other, seller))?.store?.name === 'Renamed Store');
    await t.ctx.db.execute(sql`delete from accounts where id = ${seller.id}`);
    await within1s(async () => (await whoIs(other, seller)) === null);
  });
});
