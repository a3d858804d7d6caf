import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

/**
 * Runs a one-off data change done in code after the SQL migrations (`data_migrations`), once per database: in one
 * transaction that records `name` when `step` succeeds. Two servers starting at once: the second waits on the table's
 * lock and then finds the step done, and gets `done` instead of running it. A module's step goes through here so that
 * the bookkeeping table stays the database's own.
 */
export async function runDataMigrationOnce<T>(db: Db, name: string, done: T, step: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table data_migrations in exclusive mode`);
    const [applied] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from data_migrations where name = ${name}`,
    );
    if ((applied?.n ?? 0) > 0) return done;
    const result = await step(tx);
    await tx.execute(sql`insert into data_migrations (name) values (${name})`);
    return result;
  });
}
