import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { logTransport } from '../adapters/mail/transport';
import { openStorage } from '../adapters/storage/open-storage';
import { paymentGateways } from '../adapters/payments/gateway';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { createTestDatabase } from '../testing/test-database';
import { queryRows } from './client';
import { databaseJobs, refreshStatistics } from './maintenance';

const database = await createTestDatabase();
afterAll(() => database.close());
const config = loadConfig({});
const ctx: AppContext = {
  config,
  database,
  db: database.db,
  mail: logTransport(pino({ level: 'silent' })),
  storage: await openStorage(config),
  payments: paymentGateways(config),
  now: () => new Date(),
};

/** The planner's row estimate for a table: -1 until statistics were gathered. */
const estimatedRows = async (table: string) =>
  (
    await queryRows<{ n: number }>(database.db, sql`select reltuples::int as n from pg_class where relname = ${table}`)
  )[0]!.n;

async function probeTable(name: string, rows: number): Promise<void> {
  await database.db.execute(sql.raw(`create table ${name} (n int not null)`));
  await database.db.execute(sql.raw(`insert into ${name} select generate_series(1, ${rows})`));
}

describe(`table statistics on ${database.kind}`, () => {
  it('are gathered after a bulk change', async () => {
    await probeTable('probe_stats', 1200);
    expect(await estimatedRows('probe_stats')).toBe(-1);
    await refreshStatistics(database);
    expect(await estimatedRows('probe_stats')).toBe(1200);
  });

  it(
    database.kind === 'pglite'
      ? 'are kept fresh by an hourly vacuum analyze job, as nothing runs autovacuum in PGlite'
      : 'are left to the server, whose autovacuum keeps them fresh: no job',
    async () => {
      const jobs = databaseJobs(ctx);
      if (database.kind !== 'pglite') {
        expect(jobs).toEqual([]);
        return;
      }
      expect(jobs.map((j) => [j.name, j.intervalSeconds])).toEqual([['db:vacuum-analyze', 3600]]);
      await probeTable('probe_job', 700);
      await jobs[0]!.run({});
      expect(await estimatedRows('probe_job')).toBe(700);
    },
  );
});
