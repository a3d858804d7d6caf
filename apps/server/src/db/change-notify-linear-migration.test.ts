import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryMail } from '../testing/memory-mail';
import { emptyDatabase, forgetLatestMigrations, migrationsUpTo, tableSnapshot } from '../testing/migration-steps';
import { openAppContext } from '../cli/app-context';
import { loadConfig } from '../config';
import { seedDemoIfEmpty } from './seed/demo';
import { migrate, migrationsFolder, queryRows } from './client';

/**
 * Migration 0017 (the change triggers find an update's changed rows with EXCEPT) on the demo shop. The demo is seeded
 * on today's schema, taken back to the functions 0015 made (0017 not applied), and migrated again: every row of
 * every table must come through as it was, and the five functions must be 0017's. Runs on PGlite, or on the
 * PostgreSQL server in DATABASE_URL.
 */

const REPLACED = [
  'products_catalogue_changed',
  'listings_catalogue_changed',
  'offers_catalogue_changed',
  'stores_catalogue_changed',
  'external_stores_catalogue_changed',
];

const { database, drop } = await emptyDatabase('ph_mig17');
afterAll(drop);

const snapshot = () => tableSnapshot(database.db);
/** A few rows read back whole, beside the snapshot's digests. */
const someRows = () =>
  queryRows(
    database.db,
    sql`(select 'product' as kind, id::text as id, name as text, lowest_price::bigint as number from products order by id limit 3)
        union all (select 'listing', id::text, name, price::bigint from listings order by id limit 3)
        union all (select 'order', id::text, status::text, total::bigint from orders order by id limit 3)
        order by 1, 2`,
  );
const definitions = async () =>
  Object.fromEntries(
    (
      await queryRows<{ name: string; body: string }>(
        database.db,
        sql`select proname as name, prosrc as body from pg_proc where proname = any(${`{${REPLACED.join(',')}}`}::text[])`,
      )
    ).map((f) => [f.name, f.body]),
  );

const upTo17 = migrationsUpTo(17);
expect(upTo17.tags.at(-1)).toBe('0017_change_notify_linear');
await migrate(database, upTo17.folder);
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pricehub-test-data' });
await seedDemoIfEmpty(await openAppContext(config, database, memoryMail()));
const seeded = await snapshot();
const seededRows = await someRows();

// Back to the shop as 0016 left it: 0015's versions of the five functions, and 0017 not recorded as applied.
const from0015 = readFileSync(join(migrationsFolder, '0015_catalogue_change_notify.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => REPLACED.some((name) => statement.includes(`CREATE FUNCTION ${name}()`)));
expect(from0015).toHaveLength(REPLACED.length);
for (const statement of from0015) {
  await database.db.execute(sql.raw(statement.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')));
}
await forgetLatestMigrations(database.db, 1);
const before = await definitions();
await migrate(database, upTo17.folder);
const after = await definitions();

describe('migration 0017 on the demo shop', () => {
  it('runs on a shop with rows in every table the triggers watch, and 0015 functions in place', () => {
    for (const table of ['products', 'listings', 'offers', 'stores', 'orders', 'reviews']) {
      expect(seeded[table]!.rows, table).toBeGreaterThan(0);
    }
    for (const name of REPLACED) expect(before[name], name).not.toMatch(/EXCEPT/);
  });

  it('keeps every row of every table as it was (counts, digests, and rows read back)', async () => {
    expect(await snapshot()).toEqual(seeded);
    expect(await someRows()).toEqual(seededRows);
    expect(seededRows).toHaveLength(9);
  });

  it("replaces the five functions with 0017's", () => {
    for (const name of REPLACED) expect(after[name], name).toMatch(/EXCEPT/);
  });
});
