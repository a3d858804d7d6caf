import { randomBytes } from 'node:crypto';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../testing/global-setup';
import { migrate, openDatabase, queryRows, type Database } from './client';
import * as schema from './schema';

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: string;
  column_default: string | null;
}

/** The public schema as the database sees it, in a stable order, to compare two servers. */
async function describeColumns(database: Database): Promise<ColumnRow[]> {
  return queryRows<ColumnRow>(
    database.db,
    sql`select table_name, column_name, data_type, is_nullable, column_default
        from information_schema.columns where table_schema = 'public'
        order by table_name, column_name`,
  );
}

async function indexNames(database: Database): Promise<string[]> {
  const rows = await queryRows<{ indexname: string }>(
    database.db,
    sql`select indexname from pg_indexes where schemaname = 'public' order by indexname`,
  );
  return rows.map((r) => r.indexname);
}

const declaredTables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableConfig(table as PgTable));

// Migrating from nothing is the point, so this pays initdb instead of copying the test template.
const pglite = await openDatabase({});
afterAll(() => pglite.close());

describe('migrations', () => {
  it('create every table and column of the schema on a fresh PGlite', async () => {
    await migrate(pglite);
    const columns = await describeColumns(pglite);
    expect(declaredTables.length).toBeGreaterThan(20);
    for (const table of declaredTables) {
      const actual = columns.filter((c) => c.table_name === table.name).map((c) => c.column_name);
      expect(actual.sort(), `columns of ${table.name}`).toEqual(table.columns.map((c) => c.name).sort());
    }
    const extensions = await queryRows<{ extname: string }>(pglite.db, sql`select extname from pg_extension`);
    expect(extensions.map((e) => e.extname)).toContain('pg_trgm');
  });

  it('can run again on an up-to-date database without changing it', async () => {
    const before = await describeColumns(pglite);
    await migrate(pglite);
    expect(await describeColumns(pglite)).toEqual(before);
  });

  it('produce the same tables, columns and indexes on the PostgreSQL server as on PGlite', async () => {
    // The local PostgreSQL server every machine of this project runs (CI's included), unless DATABASE_URL names another.
    const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `ph_migrations_${randomBytes(5).toString('hex')}`;
    const admin = await openDatabase({ url, poolSize: 1 });
    await admin.db.execute(sql.raw(`create database ${name}`));
    const server = await openDatabase({ url: withDatabase(url, name), poolSize: 1 });
    try {
      await migrate(server);
      expect(await describeColumns(server)).toEqual(await describeColumns(pglite));
      expect(await indexNames(server)).toEqual(await indexNames(pglite));
    } finally {
      await server.close();
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  });
});
