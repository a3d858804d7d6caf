/**
 * Ingestion speed: a generated Google Merchant feed of ITEMS phones is ingested into an empty store (every item makes
 * a catalogue product), then once more with 1% of the prices changed (the everyday refresh), then by a second store
 * selling the same phones (every item matched by name to the catalogue product the first store's made, none made).
 * Each run must finish within BUDGET_S seconds, and the catalogue must come out right.
 *
 *   npx tsx bench/ingest.ts                                 # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npx tsx bench/ingest.ts       # a PostgreSQL server (a scratch database is made)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { migrate, openDatabase, queryRows, type Database } from '../apps/server/src/db/client';
import { merchantFeed } from '../apps/server/src/modules/offers/fixtures/fixture-server';
import { ingestSource, type IngestReport } from '../apps/server/src/modules/offers/ingest';
import { median, record } from './results';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const BUDGET_S = 10;
const RUNS = Number(process.env.RUNS ?? 3);

async function openBenchDatabase(): Promise<{ database: Database; label: string; drop?: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await migrate(database);
    return { database, label: 'PGlite (in-process)' };
  }
  const name = `ph_bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), poolSize: 4 });
  await migrate(database);
  return {
    database,
    label: 'PostgreSQL',
    drop: async () => {
      await database.close();
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

interface RunResult {
  label: string;
  correct: boolean;
  seconds: Record<string, number>;
}

/** One first ingest and one 1%-re-priced ingest into a fresh database. */
async function runOnce(): Promise<RunResult> {
  const { database, label, drop } = await openBenchDatabase();
  const ctx: Pick<AppContext, 'db' | 'config' | 'now'> = {
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pricehub-bench' }),
    db: database.db,
    now: () => new Date(),
  };
  const dir = mkdtempSync(join(tmpdir(), 'pricehub-ingest-bench-'));
  const first = join(dir, 'feed.xml');
  const second = join(dir, 'feed-changed.xml');
  writeFileSync(first, merchantFeed(ITEMS));
  writeFileSync(
    second,
    merchantFeed(ITEMS, (i) => (i % 100 === 0 ? 9_000 + i : 10_000 + i)),
  );

  let correct = true;
  const seconds: Record<string, number> = {};
  const timed = async (name: string, source: string, expect: Partial<IngestReport>, store = 'Bench Store') => {
    const started = performance.now();
    const report = await ingestSource(ctx, { store, source, format: 'gmc' });
    const took = (performance.now() - started) / 1000;
    const counts = { new: report.new, updated: report.updated, unchanged: report.unchanged, failed: report.failed };
    const right = Object.entries(expect).every(([k, v]) => counts[k as keyof typeof counts] === v);
    correct &&= right;
    seconds[name] = took;
    console.log(
      `${label.padEnd(20)} ${name.padEnd(16)} ${ITEMS} items in ${took.toFixed(2)} s = ${Math.round(ITEMS / took)} items/s ` +
        `(new ${counts.new}, updated ${counts.updated}, unchanged ${counts.unchanged}, failed ${counts.failed})` +
        `${right ? '' : ' WRONG COUNTS'}`,
    );
  };
  /** The catalogue as shoppers see it: products, and how many stores each is offered by. */
  const catalogue = async (stores: number) => {
    const [c] = await queryRows<{ products: number; right: number }>(
      database.db,
      sql`select count(*)::int as products,
            (count(*) filter (where visible and offer_count = ${stores} and lowest_price > 0))::int as right
          from products`,
    );
    const ok = c!.products === ITEMS && c!.right === ITEMS;
    correct &&= ok;
    if (!ok)
      console.log(`${label}: WRONG CATALOGUE: ${JSON.stringify(c)}, expected ${ITEMS} products of ${stores} stores`);
  };
  try {
    await timed('first ingest', first, { new: ITEMS, failed: 0 });
    await catalogue(1);
    await timed('1% re-priced', second, { new: 0, updated: ITEMS / 100, unchanged: ITEMS - ITEMS / 100, failed: 0 });
    await timed('second store', first, { new: ITEMS, failed: 0 }, 'Bench Store Two');
    await catalogue(2);
  } finally {
    if (drop) await drop();
    else await database.close();
  }
  return { label, correct, seconds };
}

/** RUNS rounds; passes when every round's counts are exact and each median time is within budget. */
export async function runIngestBench(): Promise<boolean> {
  const results: RunResult[] = [];
  for (let r = 0; r < RUNS; r++) results.push(await runOnce());
  const { label } = results[0]!;
  const correct = results.every((r) => r.correct);
  let pass = correct;
  for (const name of Object.keys(results[0]!.seconds)) {
    const seconds = median(results.map((r) => r.seconds[name]!));
    pass &&= seconds <= BUDGET_S;
    console.log(
      `${label}, ${name}, median of ${RUNS}: ${seconds.toFixed(2)} s (${Math.round(ITEMS / seconds)} items/s; budget ${BUDGET_S} s)`,
    );
    record({
      bench: 'ingestion',
      database: label,
      figure: `${name}, ${ITEMS.toLocaleString('en-US')} items`,
      value: seconds,
      unit: 's',
      goal: { atMost: BUDGET_S },
    });
  }
  console.log(pass ? 'PASS' : `FAIL${correct ? '' : ' (wrong counts in some round)'}`);
  return pass;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runIngestBench().then((ok) => process.exit(ok ? 0 : 1));
}
