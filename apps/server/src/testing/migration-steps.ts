import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openAppContext } from '../cli/app-context';
import { loadConfig } from '../config';
import { migrate, migrationsFolder, openDatabase, queryRows, type Database, type Db } from '../db/client';
import { seedDemoIfEmpty } from '../db/seed/demo';
import { withDatabase } from './global-setup';
import { memoryMail } from './memory-mail';

/**
 * Tests of one migration on data made before it: a fresh empty database, and a copy of the migrations folder that
 * stops at a given migration. `migrate(database, folder)` on such a copy runs only the SQL migrations (never the data
 * migrations that `migrate(database)` adds), so a test sees exactly what the next migration changes.
 */

/** A copy of the migrations folder holding only the migrations up to index `last`, with their tags. */
export function migrationsUpTo(last: number): { folder: string; tags: string[] } {
  const folder = mkdtempSync(join(tmpdir(), `pricehub-mig-${last}-`));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  for (const e of journal.entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return { folder, tags: journal.entries.map((e) => e.tag) };
}

/** A fresh, empty database (not the test template: that one is migrated to the latest already). */
export async function emptyDatabase(prefix: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 4 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

/** Every table's row count and a digest of all its rows: equal snapshots mean no row was added, lost or changed. */
export async function tableSnapshot(db: Db): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%'
        order by 1`,
  );
  const result: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; digest: string | null }>(
      db,
      sql`select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest
          from ${sql.identifier(name)} t`,
    );
    result[name] = { rows: row!.rows, digest: row!.digest ?? '' };
  }
  return result;
}

/**
 * Forgets that the latest `count` migrations were applied (Drizzle's journal in the database), so that `migrate` runs
 * them again: a test undoes their changes first, to see them made on data written by today's code.
 */
export async function forgetLatestMigrations(db: Db, count: number): Promise<void> {
  await db.execute(
    sql`delete from drizzle.__drizzle_migrations
        where id in (select id from drizzle.__drizzle_migrations order by created_at desc limit ${count})`,
  );
}

/**
 * The demo shop on the schema up to migration `last`: a fresh database (named from `prefix` on PostgreSQL), migrated
 * with the folder of `migrationsUpTo(last)`, which comes back to migrate it again, then seeded as `npm start` seeds it.
 */
export async function demoShopUpTo(
  prefix: string,
  last: number,
): Promise<{ database: Database; drop: () => Promise<void>; folder: string; tags: string[] }> {
  const { database, drop } = await emptyDatabase(prefix);
  const { folder, tags } = migrationsUpTo(last);
  await migrate(database, folder);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pricehub-test-data' });
  await seedDemoIfEmpty(await openAppContext(config, database, memoryMail()));
  return { database, drop, folder, tags };
}

/** A few rows of the demo shop read back whole (3 products, 3 listings, 3 orders), beside a snapshot's digests. */
export const demoRowsReadBack = (db: Db) =>
  queryRows(
    db,
    sql`(select 'product' as kind, id::text as id, name as text, lowest_price::bigint as number from products order by id limit 3)
        union all (select 'listing', id::text, name, price::bigint from listings order by id limit 3)
        union all (select 'order', id::text, status::text, total::bigint from orders order by id limit 3)
        order by 1, 2`,
  );
