import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { withDatabase } from './global-setup';

/**
 * A fresh, migrated database for one test file: a copy of the run's template, on PGlite by default or on
 * the PostgreSQL server named by DATABASE_URL.
 */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('dbTemplate');
  const url = process.env.DATABASE_URL;
  if (!url) {
    return openDatabase({ loadDataDir: new Blob([readFileSync(template)]) });
  }
  const name = `ph_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${name} template ${template}`));
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}
