import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../testing/global-setup';
import { migrate, openDatabase, queryRows, type Database } from './client';

const cli = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));

/** `npm run db:backup` / `db:restore`, as an operator runs them (PORT points nowhere: no server is running). */
function runCli(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, PORT: '1', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

const probe = async (database: Database) =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from search_terms where term = 'backup-probe'`,
    )
  )[0]!.n;

// Each test runs the command line twice (tsx and a database each time): slow on a busy machine, beside other files.
describe('db:backup and db:restore', () => {
  it('round-trip the embedded database, keeping the replaced one aside', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pricehub-backup-'));
    const file = join(dataDir, 'backup.tgz');
    const env = { DATABASE_URL: '', DATA_DIR: dataDir };
    let database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    await migrate(database);
    await database.db.execute(sql`insert into search_terms (term, kind, weight) values ('backup-probe', 'name', 1)`);
    await database.close();

    expect(runCli(['backup', file], env)).toContain('PGlite backup written');
    database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    await database.db.execute(sql`delete from search_terms where term = 'backup-probe'`);
    await database.close();

    expect(runCli(['restore', file], env)).toContain('PGlite database restored');
    expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);
    database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    expect(await probe(database)).toBe(1);
    await database.close();
  }, 120_000);

  it('round-trip a PostgreSQL database with pg_dump and pg_restore', async () => {
    const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `ph_backup_${randomBytes(5).toString('hex')}`;
    const admin = await openDatabase({ url, poolSize: 1 });
    await admin.db.execute(sql.raw(`create database ${name}`));
    const target = withDatabase(url, name);
    const database = await openDatabase({ url: target, poolSize: 1 });
    try {
      await migrate(database);
      await database.db.execute(sql`insert into search_terms (term, kind, weight) values ('backup-probe', 'name', 1)`);
      const file = join(mkdtempSync(join(tmpdir(), 'pricehub-backup-')), 'backup.dump');

      expect(runCli(['backup', file], { DATABASE_URL: target })).toContain('PostgreSQL backup written');
      expect(existsSync(file)).toBe(true);
      await database.db.execute(sql`delete from search_terms where term = 'backup-probe'`);
      expect(await probe(database)).toBe(0);

      expect(runCli(['restore', file], { DATABASE_URL: target })).toContain('PostgreSQL database restored');
      expect(await probe(database)).toBe(1);
    } finally {
      await database.close();
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  }, 120_000);
});
