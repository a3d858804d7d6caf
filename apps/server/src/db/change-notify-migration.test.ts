import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryMail } from '../testing/memory-mail';
import { emptyDatabase, migrationsUpTo } from '../testing/migration-steps';
import { openAppContext } from '../cli/app-context';
import { loadConfig } from '../config';
import { seedDemoIfEmpty } from './seed/demo';
import { migrate, queryRows } from './client';

/**
 * Migration 0015 (the catalogue's change triggers) on the demo shop as it was just before it: seeded at 0014, then
 * migrated. Runs on PGlite, or on the PostgreSQL server in DATABASE_URL.
 */

const { database, drop } = await emptyDatabase('ph_mig15');
afterAll(drop);

const tables = async () =>
  (
    await queryRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%'
          order by 1`,
    )
  ).map((t) => t.name);

/** Every table's row count and a digest of all its rows, in id order where it has one. */
async function snapshot(): Promise<Record<string, { rows: number; digest: string }>> {
  const result: Record<string, { rows: number; digest: string }> = {};
  for (const table of await tables()) {
    const [row] = await queryRows<{ rows: number; digest: string | null }>(
      database.db,
      sql`select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest
          from ${sql.identifier(table)} t`,
    );
    result[table] = { rows: row!.rows, digest: row!.digest ?? '' };
  }
  return result;
}

const upTo14 = migrationsUpTo(14);
expect(upTo14.tags.at(-1)).toBe('0014_moderation');
await migrate(database, upTo14.folder);
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pricehub-test-data' });
await seedDemoIfEmpty(await openAppContext(config, database, memoryMail()));
const before = await snapshot();
const upTo15 = migrationsUpTo(15);
expect(upTo15.tags.at(-1)).toBe('0015_catalogue_change_notify');
await migrate(database, upTo15.folder);

describe('migration 0015 on the demo shop', () => {
  it('keeps every row of every table as it was (counts, and every row read back)', async () => {
    expect(before.products!.rows).toBeGreaterThan(50);
    expect(before.listings!.rows).toBeGreaterThan(50);
    expect(before.orders!.rows).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('adds the change triggers, which leave the rows they watch alone', async () => {
    const [{ n }] = (await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from information_schema.triggers where trigger_name like '%_notify_%'`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(10);
    const [listing] = await queryRows<{ id: number; price: number }>(
      database.db,
      sql`select id, price from listings order by id limit 1`,
    );
    await database.db.execute(sql`update listings set price = price + 100 where id = ${listing!.id}`);
    const [after] = await queryRows<{ price: number }>(
      database.db,
      sql`select price from listings where id = ${listing!.id}`,
    );
    expect(after!.price).toBe(listing!.price + 100);
  });
});
