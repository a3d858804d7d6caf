import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openAppContext } from '../cli/app-context';
import { loadConfig } from '../config';
import { migrate, migrationsFolder, queryRows, type Db } from '../db/client';
import { seedDemoIfEmpty } from '../db/seed/demo';
import { memoryMail } from './memory-mail';
import { emptyDatabase, forgetLatestMigrations, migrationsUpTo, tableSnapshot } from './migration-steps';

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

const someRows = (db: Db) =>
  queryRows(
    db,
    sql`(select 'product' as kind, id::text as id, name as text, lowest_price::bigint as number from products order by id limit 3)
        union all (select 'listing', id::text, name, price::bigint from listings order by id limit 3)
        union all (select 'order', id::text, status::text, total::bigint from orders order by id limit 3)
        order by 1, 2`,
  );

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
  const { database, drop } = await emptyDatabase(`ph_mig${index}`);
  const upTo = migrationsUpTo(index);
  if (upTo.tags.at(-1) !== tag) throw new Error(`migration ${index} is ${upTo.tags.at(-1)}, not ${tag}`);
  await migrate(database, upTo.folder);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pricehub-test-data' });
  await seedDemoIfEmpty(await openAppContext(config, database, memoryMail()));
  const seeded = await tableSnapshot(database.db);
  const seededRows = await someRows(database.db);

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
  await migrate(database, upTo.folder);
  return {
    seeded,
    migrated: await tableSnapshot(database.db),
    seededRows,
    migratedRows: await someRows(database.db),
    before,
    after: await bodies(database.db, names),
    drop,
  };
}
