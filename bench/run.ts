/**
 * npm run bench: every benchmark, one after another, on embedded PGlite and on the PostgreSQL server.
 * Each script prints its own table (see bench/README.md); this runner adds a summary of which ones met their
 * budgets. PostgreSQL defaults to the local server; set DATABASE_URL to use another.
 */
import { spawnSync } from 'node:child_process';

const pg = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const runs: { name: string; script: string; env: Record<string, string> }[] = [
  // The search benchmark measures both databases itself (and the hello-world reference).
  { name: 'search (PostgreSQL 100k + PGlite 10k, with hello-world)', script: 'bench/search.ts', env: {} },
  { name: 'ingestion, PGlite', script: 'bench/ingest.ts', env: { DATABASE_URL: '' } },
  { name: 'ingestion, PostgreSQL', script: 'bench/ingest.ts', env: { DATABASE_URL: pg } },
  { name: 'checkout, PGlite', script: 'bench/checkout.ts', env: { DATABASE_URL: '' } },
  { name: 'checkout, PostgreSQL', script: 'bench/checkout.ts', env: { DATABASE_URL: pg } },
];

const summary: string[] = [];
for (const run of runs) {
  console.log(`\n=== ${run.name} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', run.script], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  summary.push(`${result.status === 0 ? 'within budget' : 'OVER BUDGET  '}  ${run.name} (${seconds} s)`);
}
console.log(`\n=== summary ===\n${summary.join('\n')}`);
