/**
 * Ingestion speed: a generated Google Merchant feed of ITEMS phones is ingested into an empty store (every item makes
 * a catalogue product), then once more with 1% of the prices changed (the everyday refresh), then by a second store
 * selling the same phones (every item matched by name to the catalogue product the first store's made, none made).
 * Each run must finish within the database's budget (issue #18: 10 s on PostgreSQL, 20 s on PGlite), the catalogue
 * must come out right, and the process's peak memory (RSS, sampled while ingesting) must stay under 300 MB: the
 * feed is read as it arrives, never whole. It runs with the heap cap `npm run ingest` has (package.json), restarting
 * itself with it when started without.
 *
 *   npx tsx bench/ingest.ts                                 # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npx tsx bench/ingest.ts       # a PostgreSQL server (a scratch database is made)
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { queryRows } from '../apps/server/src/db/client';
import { merchantFeedParts } from '../apps/server/src/modules/ingestion/fixtures/fixture-server';
import { ingestSource, type IngestReport } from '../apps/server/src/modules/ingestion/ingest';
import { median, record } from './results';
import { openBenchDatabase } from './scratch-database';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const BUDGET_S = process.env.DATABASE_URL ? 10 : 20;
const MEMORY_MB = 300;
const RUNS = Number(process.env.RUNS ?? 3);

/** Writes a feed file part by part: the bench's own memory must not hold a 40 MB feed either. */
function writeFeed(path: string, priceOf?: (i: number) => number): void {
  writeFileSync(path, '');
  for (const part of merchantFeedParts(ITEMS, priceOf)) appendFileSync(path, part);
}

interface Peaks {
  /** The process's resident set size: on PGlite it includes the in-memory database itself. */
  rssMb: number;
  /** The JavaScript heap: what reading and writing the feed hold. */
  heapMb: number;
}

/** The highest memory use seen while `work` runs, sampled every 20 ms. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peaks: Peaks }> {
  const peaks: Peaks = { rssMb: 0, heapMb: 0 };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peaks.rssMb = Math.max(peaks.rssMb, rss / 2 ** 20);
    peaks.heapMb = Math.max(peaks.heapMb, heapUsed / 2 ** 20);
  };
  sample();
  const sampler = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    return { result, peaks };
  } finally {
    clearInterval(sampler);
  }
}

interface RunResult {
  label: string;
  correct: boolean;
  seconds: Record<string, number>;
  peaks: Peaks;
}

/** One first ingest and one 1%-re-priced ingest into a fresh database. */
async function runOnce(): Promise<RunResult> {
  const { database, label, drop } = await openBenchDatabase(4);
  const ctx: Pick<AppContext, 'db' | 'config' | 'now'> = {
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pricehub-bench' }),
    db: database.db,
    now: () => new Date(),
  };
  const dir = mkdtempSync(join(tmpdir(), 'pricehub-ingest-bench-'));
  const first = join(dir, 'feed.xml');
  const second = join(dir, 'feed-changed.xml');
  writeFeed(first);
  writeFeed(second, (i) => (i % 100 === 0 ? 9_000 + i : 10_000 + i));

  let correct = true;
  const peaks: Peaks = { rssMb: 0, heapMb: 0 };
  const seconds: Record<string, number> = {};
  const timed = async (name: string, source: string, expect: Partial<IngestReport>, store = 'Bench Store') => {
    const started = performance.now();
    const { result: report, peaks: seen } = await peakMemory(() => ingestSource(ctx, { store, source, format: 'gmc' }));
    const took = (performance.now() - started) / 1000;
    peaks.rssMb = Math.max(peaks.rssMb, seen.rssMb);
    peaks.heapMb = Math.max(peaks.heapMb, seen.heapMb);
    const counts = { new: report.new, updated: report.updated, unchanged: report.unchanged, failed: report.failed };
    const right = Object.entries(expect).every(([k, v]) => counts[k as keyof typeof counts] === v);
    correct &&= right;
    seconds[name] = took;
    console.log(
      `${label.padEnd(20)} ${name.padEnd(16)} ${ITEMS} items in ${took.toFixed(2)} s = ${Math.round(ITEMS / took)} items/s ` +
        `(new ${counts.new}, updated ${counts.updated}, unchanged ${counts.unchanged}, failed ${counts.failed}; ` +
        `peak RSS ${Math.round(seen.rssMb)} MB, heap ${Math.round(seen.heapMb)} MB)` +
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
    await database.close();
    if (drop) await drop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { label, correct, seconds, peaks };
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
  // On PostgreSQL the process holds only the ingestion, so its RSS is the figure. Embedded PGlite keeps the whole
  // database in the same process (in memory here), so there the JavaScript heap is what the ingestion itself holds.
  const embedded = !process.env.DATABASE_URL;
  const rssMb = median(results.map((r) => r.peaks.rssMb));
  const heapMb = median(results.map((r) => r.peaks.heapMb));
  const memoryMb = embedded ? heapMb : rssMb;
  pass &&= memoryMb <= MEMORY_MB;
  console.log(
    `${label}, peak memory while ingesting, median of ${RUNS}: RSS ${Math.round(rssMb)} MB, JS heap ` +
      `${Math.round(heapMb)} MB (goal ≤ ${MEMORY_MB} MB for the ${embedded ? 'heap' : 'RSS'})`,
  );
  record({
    bench: 'ingestion',
    database: label,
    figure: `peak memory (${embedded ? 'JS heap; the database shares the process' : 'RSS'}), ${ITEMS.toLocaleString('en-US')} items`,
    value: memoryMb,
    unit: 'MB',
    goal: { atMost: MEMORY_MB },
  });
  if (embedded) {
    record({
      bench: 'ingestion',
      database: label,
      figure: `peak RSS with the in-memory database, ${ITEMS.toLocaleString('en-US')} items`,
      value: rssMb,
      unit: 'MB',
    });
  }
  console.log(pass ? 'PASS' : `FAIL${correct ? '' : ' (wrong counts in some round)'}`);
  return pass;
}

/**
 * The Node flags `npm run ingest` runs with (package.json): its heap cap. V8 lets garbage pile up to several times the
 * live heap before collecting it; the ingest command caps the heap so that a streamed feed stays small, and the bench
 * measures the process the command would be.
 */
function ingestCommandFlags(): string[] {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
    .ingest;
  return script?.match(/--max-(old|semi)-space-size=\d+/g) ?? [];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flags = ingestCommandFlags().filter((flag) => !process.execArgv.includes(flag));
  if (flags.length > 0) {
    const rerun = spawnSync(process.execPath, [...process.execArgv, ...flags, ...process.argv.slice(1)], {
      stdio: 'inherit',
    });
    process.exit(rerun.status ?? 1);
  }
  runIngestBench().then((ok) => process.exit(ok ? 0 : 1));
}
