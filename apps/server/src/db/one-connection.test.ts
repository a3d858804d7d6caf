import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { queryRows } from './client';

const database = await createTestDatabase();
afterAll(() => database.close());

const backendPid = async (db: typeof database.db) =>
  (await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]!.pid;

describe(`onOneConnection on ${database.kind}`, () => {
  it('runs all of a work on one connection', async () => {
    const pids = await database.onOneConnection(async (db) => [await backendPid(db), await backendPid(db)]);
    expect(pids[0]).toBe(pids[1]);
  });

  // A PostgreSQL pool gives concurrent works connections of their own; the embedded database has one to share.
  if (database.kind === 'pglite')
    it('on the embedded database, runs works one after another, so each sees what the one before wrote', async () => {
      await database.db.execute(sql`create table probe_turns (n int not null)`);
      await database.db.execute(sql`insert into probe_turns values (0)`);
      const events: string[] = [];
      const work = (name: string) =>
        database.onOneConnection(async (db) => {
          events.push(`${name} reads`);
          const [{ n }] = (await queryRows<{ n: number }>(db, sql`select n from probe_turns`)) as [{ n: number }];
          await new Promise((resolve) => setTimeout(resolve, 5));
          await db.execute(sql`update probe_turns set n = ${n + 1}`);
          events.push(`${name} wrote ${n + 1}`);
          if (name === 'b') throw new Error('a failed work');
        });
      const results = await Promise.allSettled([work('a'), work('b'), work('c')]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      // Without the turns, all three would read 0 before any wrote, and the count would end at 1.
      expect(events).toEqual(['a reads', 'a wrote 1', 'b reads', 'b wrote 2', 'c reads', 'c wrote 3']);
    });
});
