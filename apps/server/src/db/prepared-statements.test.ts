import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { MAX_PREPARED_PER_CONNECTION, openDatabase, queryRows } from './client';
import { MAX_STATEMENTS } from './pglite-statements';

// One connection, so that pg_prepared_statements (kept per connection) shows what this test's statements left.
const database = await createTestDatabase();
const single = database.kind === 'postgres' ? await openDatabase({ url: database.url!, poolSize: 1 }) : database;
afterAll(async () => {
  if (single !== database) await single.close();
  await database.close();
});
const { db } = single;
const limit = database.kind === 'postgres' ? MAX_PREPARED_PER_CONNECTION : MAX_STATEMENTS;

const preparedLike = async (marker: string) =>
  (
    await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${marker}%`} and not from_sql`,
    )
  )[0]!.n;

describe(`prepared statements on ${database.kind} (docs/decisions/007)`, () => {
  it('prepares a parameterised statement once and runs it with each new value', async () => {
    for (const value of [1, 2, 3]) {
      const rows = await queryRows<{ n: number }>(db, sql`select ${value}::int * 10 as n /* probe-repeat */`);
      expect(rows).toEqual([{ n: value * 10 }]);
    }
    expect(await preparedLike('probe-repeat')).toBe(1);
  });

  it('keeps PostgreSQL errors and their codes, and the connection usable after one', async () => {
    await db.execute(sql`create table probe_unique (k int primary key)`);
    await db.execute(sql`insert into probe_unique values (${1})`);
    const failure = await db.execute(sql`insert into probe_unique values (${1})`).catch((e: unknown) => e);
    const cause = (failure as { cause?: { code?: string } }).cause ?? (failure as { code?: string });
    expect(cause.code).toBe('23505');
    expect(await queryRows(db, sql`select count(*)::int as n from probe_unique where k = ${1}`)).toEqual([{ n: 1 }]);
  });

  it('runs statements inside transactions, and one first prepared in a rolled-back transaction still works', async () => {
    await db
      .transaction(async (tx) => {
        const [row] = await queryRows<{ n: number }>(tx, sql`select ${7}::int as n /* probe-rollback */`);
        expect(row!.n).toBe(7);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await queryRows(db, sql`select ${8}::int as n /* probe-rollback */`)).toEqual([{ n: 8 }]);
  });

  it(`keeps at most ${limit} statements, preparing an evicted one again when it returns`, async () => {
    const probe = (i: number, value: number) =>
      queryRows<{ n: number }>(db, sql`select ${value}::int as n /* ${sql.raw(`probe-evict-${i}`)} */`);
    for (let i = 0; i <= limit; i++) await probe(i, i);
    expect(await preparedLike('probe-evict-')).toBeLessThanOrEqual(limit);
    // The first statement was the least recently used: it was deallocated, and is prepared again.
    expect(await probe(0, 42)).toEqual([{ n: 42 }]);
  });
});
