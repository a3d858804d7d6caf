import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { StoreListener } from './listener';

// The reconnect is PostgreSQL's (PGlite lives in the process): this runs on the PostgreSQL server every machine
// here has, as the statement-timeout test in http/health.test.ts does.
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const database = await openDatabase({ url, poolSize: 2 });
afterAll(() => database.close());

async function until(check: () => boolean, withinMs = 5_000) {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const notify = (storeId: number) =>
  database.db.execute(sql`select pg_notify('seller_notifications', ${String(storeId)})`);

describe('the notification listener on PostgreSQL', () => {
  it('listens on a connection of its own, and after that connection drops reconnects and has every stream re-read', async () => {
    const listener = new StoreListener(database, { recheckMs: 600_000, log: { warn: () => {} } });
    try {
      // Store ids far from any test's, so another file's notifications on the same server cannot wake these.
      const mine: (number | undefined)[] = [];
      const others: (number | undefined)[] = [];
      await listener.subscribe(987_001, (id) => mine.push(id));
      await listener.subscribe(987_002, (id) => others.push(id));
      await notify(987_001);
      await until(() => mine.length === 1);
      expect(others).toEqual([]);

      const pid = listener.backendPid();
      expect(pid).toBeTypeOf('number');
      await database.db.execute(sql`select pg_terminate_backend(${pid!})`);
      // Back on a new connection, each stream is woken once to read what it may have missed.
      await until(() => mine.length === 2 && others.length === 1);
      expect(listener.backendPid()).not.toBe(pid);
      await notify(987_002);
      await until(() => others.length === 2);
      expect(mine).toHaveLength(2);
    } finally {
      await listener.close();
    }
    // Closed, it holds no streams and its connection goes away.
    expect(listener.size()).toBe(0);
    const held = async () => {
      const result = await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where pid = ${listener.backendPid() ?? 0}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const deadline = Date.now() + 3_000;
    while ((await held()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await held()).toBe(0);
  });
});
