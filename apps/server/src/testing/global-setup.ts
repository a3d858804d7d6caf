import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data dump. PostgreSQL: name of a migrated template database. */
    dbTemplate: string;
  }
}

/** Migrates once per run; every test file then starts from a copy (initdb costs 4-5 s, a copy well under 1 s). */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ph_tmpl_${process.pid}_${Date.now()}`;
    const admin = await openDatabase({ url, poolSize: 1 });
    await admin.db.execute(sql.raw(`create database ${name}`));
    const template = await openDatabase({ url: withDatabase(url, name), poolSize: 1 });
    await migrate(template);
    await template.close();
    project.provide('dbTemplate', name);
    return async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'pricehub-test-'));
  const database = await openDatabase({});
  await migrate(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  writeFileSync(join(dir, 'template.tgz'), Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', join(dir, 'template.tgz'));
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
