/**
 * npm run bench: every benchmark, one after another, on embedded PGlite and on the PostgreSQL server, then one
 * table of every figure with its goal (and, for throughput, its ratio to hello-world measured in the same run); it
 * exits non-zero when a goal is missed. `npm run bench -- --scale 1m`: search on a million catalogue products.
 * Each script also prints its own details (see bench/README.md). PostgreSQL defaults to the local server; set
 * DATABASE_URL to use another.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { meets, type Figure } from './results';

const pg = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const scaleAt = process.argv.indexOf('--scale');
const scale = scaleAt === -1 ? undefined : process.argv[scaleAt + 1];
if (scale !== undefined && scale !== '1m') {
  console.error('Usage: npm run bench [-- --scale 1m]');
  process.exit(2);
}
const runs: { name: string; script: string; env: Record<string, string> }[] =
  scale === '1m'
    ? // The million-product catalogue (bench_catalogue_1m, seeded on first use: about 5 minutes), PostgreSQL only.
      [
        {
          name: 'search, 1M catalogue products (PostgreSQL, with hello-world)',
          script: 'bench/search.ts',
          env: { BENCH_SCALE: '1m', DATABASE_URL: '' },
        },
      ]
    : [
        // The search benchmark measures both databases itself (and the hello-world reference).
        { name: 'search (PostgreSQL 100k + PGlite 10k, with hello-world)', script: 'bench/search.ts', env: {} },
        {
          name: 'server-rendered pages (PGlite demo + PostgreSQL 100k, with hello-world)',
          script: 'bench/pages.ts',
          env: {},
        },
        { name: 'ingestion, PGlite', script: 'bench/ingest.ts', env: { DATABASE_URL: '' } },
        { name: 'ingestion, PostgreSQL', script: 'bench/ingest.ts', env: { DATABASE_URL: pg } },
        { name: 'checkout, PGlite', script: 'bench/checkout.ts', env: { DATABASE_URL: '' } },
        { name: 'checkout, PostgreSQL', script: 'bench/checkout.ts', env: { DATABASE_URL: pg } },
        { name: 'notification streams, PGlite', script: 'bench/notification-streams.ts', env: { DATABASE_URL: '' } },
        {
          name: 'notification streams, PostgreSQL',
          script: 'bench/notification-streams.ts',
          env: { DATABASE_URL: pg },
        },
      ];

const resultsFile = join(mkdtempSync(join(tmpdir(), 'pricehub-bench-')), 'figures.jsonl');
writeFileSync(resultsFile, '');
const durations: string[] = [];
const failedRuns: string[] = [];
for (const run of runs) {
  console.log(`\n=== ${run.name} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', run.script], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env, BENCH_RESULTS: resultsFile },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  durations.push(`${run.name}: ${seconds} s${result.status === 0 ? '' : ' (a goal was missed or the run failed)'}`);
  if (result.status !== 0) failedRuns.push(run.name);
}

const figures = readFileSync(resultsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Figure);
const number = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n < 10 ? 2 : 1));
const goal = (f: Figure) =>
  f.goal?.atMost !== undefined
    ? `≤ ${number(f.goal.atMost)}`
    : f.goal?.atLeast !== undefined
      ? `≥ ${number(f.goal.atLeast)}`
      : '';
console.log('\n=== all figures (medians of the runs) ===\n');
console.log('| benchmark | database | figure | value | goal | |');
console.log('|---|---|---|---|---|---|');
for (const f of figures) {
  const value = `${number(f.value)} ${f.unit}`;
  const reference = f.reference ? ` (${number(f.value / f.reference.value)} × ${f.reference.name})` : '';
  const verdict = f.goal ? (meets(f) ? 'met' : '**missed**') : '';
  console.log(`| ${f.bench} | ${f.database} | ${f.figure} | ${value}${reference} | ${goal(f)} | ${verdict} |`);
}
const missed = figures.filter((f) => f.goal && !meets(f)).length;
console.log(`\n${figures.length} figures, ${missed} goal(s) missed. Time taken: ${durations.join('; ')}.`);
// A benchmark that stopped early (a database it could not reach, a crash) leaves no figures to miss: it fails too.
if (failedRuns.length > 0) console.log(`Did not pass (see its output above): ${failedRuns.join('; ')}.`);
process.exitCode = missed === 0 && failedRuns.length === 0 && figures.length > 0 ? 0 : 1;
