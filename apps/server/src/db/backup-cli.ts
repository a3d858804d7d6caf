/**
 * npm run db:backup -- [file]    writes a backup of the configured database
 * npm run db:restore -- <file>   restores one into an empty database
 *
 * PGlite: a gzipped dump of its data directory (dumpDataDir / loadDataDir); the server must be stopped, since the
 * embedded database opens in one process only. PostgreSQL (DATABASE_URL): pg_dump's custom format and pg_restore.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from './client';

const [command, fileArg] = process.argv.slice(2);
const config = loadConfig();
const pgliteDir = join(config.dataDir, 'pglite');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function run(tool: string, args: string[]) {
  const result = spawnSync(tool, args, { stdio: 'inherit' });
  if (result.error) fail(`${tool} is not available: ${result.error.message}`);
  if (result.status !== 0) fail(`${tool} failed with exit code ${result.status}`);
}

async function serverIsRunning(): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function backup() {
  if (config.databaseUrl) {
    const file = fileArg ?? `pricehub-${stamp}.dump`;
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, config.databaseUrl]);
    console.log(`PostgreSQL backup written to ${file}`);
    return;
  }
  if (!existsSync(pgliteDir)) fail(`No embedded database at ${pgliteDir}`);
  if (await serverIsRunning()) fail(`Stop the server on port ${config.port} first: PGlite opens in one process only.`);
  const file = fileArg ?? `pricehub-${stamp}.tgz`;
  const database = await openDatabase({ dataDir: pgliteDir });
  const dump = await database.pglite!.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  console.log(`PGlite backup written to ${file}`);
}

async function restore() {
  if (!fileArg || !existsSync(fileArg)) fail('Usage: npm run db:restore -- <backup file>');
  if (config.databaseUrl) {
    run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${config.databaseUrl}`, fileArg]);
    console.log('PostgreSQL database restored');
    return;
  }
  if (await serverIsRunning()) fail(`Stop the server on port ${config.port} first.`);
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
    // Never overwrite data: the current database is kept beside the restored one.
    const aside = `${pgliteDir}.before-restore-${stamp}`;
    renameSync(pgliteDir, aside);
    console.log(`The current database was moved to ${aside}`);
  }
  const database = await openDatabase({ dataDir: pgliteDir, loadDataDir: new Blob([readFileSync(fileArg)]) });
  await database.close();
  console.log(`PGlite database restored into ${pgliteDir}`);
}

if (command === 'backup') await backup();
else if (command === 'restore') await restore();
else fail('Usage: backup-cli.ts backup [file] | restore <file>');
