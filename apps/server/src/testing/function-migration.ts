import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate, migrationsFolder, queryRows, type Db } from '../db/client';
import { demoRowsReadBack, demoShopUpTo, forgetLatestMigrations, tableSnapshot } from './migration-steps';

/** Where a function the migration replaces was made before it: an earlier migration's file, and the names there. */
export interface EarlierFunctions {
  file: string;
  names: string[];
}

/** What a migration that only replaces functions did to the demo shop. */
export interface FunctionMigrationReplay {
  /** Every table's count and digest: after seeding, and after the migration ran again. */
  seeded: Awaited<ReturnType<typeof tableSnapshot>>;
  migrated: Awaited<ReturnType<typeof tableSnapshot>>;
  /** A few rows read back whole, at the same two moments. */
  seededRows: unknown[];
  migratedRows: unknown[];
  /** Each replaced function's body before the migration (the earlier file's) and after it. */
  before: Record<string, string>;
  after: Record<string, string>;
  drop: () => Promise<void>;
}

const bodies = async (db: Db, names: string[]) =>
  Object.fromEntries(
    (
      await queryRows<{ name: string; body: string }>(
        db,
        sql`select proname as name, prosrc as body from pg_proc where proname = any(${`{${names.join(',')}}`}::text[])`,
      )
    ).map((f) => [f.name, f.body]),
  );

/**
 * A migration that replaces functions, run on the demo shop: the shop is seeded on the schema up to `index`, its
 * functions are put back as the earlier migrations made them, the migration is forgotten, and it runs again. Runs
 * on PGlite, or on the PostgreSQL server in DATABASE_URL.
 */
export async function replayFunctionMigration(
  index: number,
  tag: string,
  earlier: EarlierFunctions[],
): Promise<FunctionMigrationReplay> {
  const { database, drop, folder, tags } = await demoShopUpTo(`ph_mig${index}`, index);
  if (tags.at(-1) !== tag) throw new Error(`migration ${index} is ${tags.at(-1)}, not ${tag}`);
  const seeded = await tableSnapshot(database.db);
  const seededRows = await demoRowsReadBack(database.db);

  const names = earlier.flatMap((e) => e.names);
  for (const { file, names: made } of earlier) {
    const statements = readFileSync(join(migrationsFolder, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => made.some((name) => statement.includes(`CREATE FUNCTION ${name}(`)));
    if (statements.length !== made.length) throw new Error(`${file} does not make ${made.join(', ')}`);
    for (const statement of statements) {
      await database.db.execute(sql.raw(statement.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')));
    }
  }
  await forgetLatestMigrations(database.db, 1);
  const before = await bodies(database.db, names);
  await migrate(database, folder);
  return {
    seeded,
    migrated: await tableSnapshot(database.db),
    seededRows,
    migratedRows: await demoRowsReadBack(database.db),
    before,
    after: await bodies(database.db, names),
    drop,
  };
}
