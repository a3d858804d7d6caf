import { join } from 'node:path';
import type { Config } from '../config';
import { acquireDatabaseLock } from './database-lock';
import { migrate, openDatabase, type Database } from './client';

/**
 * Runs `work` on the database a command-line tool opens itself (when no server holds it): the PostgreSQL server in
 * DATABASE_URL, or the embedded PGlite under its exclusive lock. Migrated first; closed and unlocked afterwards.
 */
export async function withOwnDatabase<T>(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  poolSize: number,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  let database: Database;
  let release = () => {};
  if (config.databaseUrl) {
    database = await openDatabase({ url: config.databaseUrl, poolSize });
  } else {
    ({ release } = acquireDatabaseLock(config.dataDir));
    database = await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
  }
  try {
    await migrate(database);
    return await work(database);
  } finally {
    await database.close();
    release();
  }
}
