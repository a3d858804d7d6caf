/**
 * Where the search long tail's time goes (issue #18): the app in its own process, as bench/search.ts runs it, asked
 * each of the long tail's paths once, one at a time, so no answer waits behind another. Prints, per kind of question,
 * how many there are, their share of the time and their p50/p95, and the CPU the server process and PostgreSQL's
 * processes spent per request (from /proc; PostgreSQL's only when it runs on this machine). Not part of
 * `npm run bench`: it explains a figure, it has no goal.
 *
 *   npx tsx bench/long-tail-breakdown.ts                      # PostgreSQL, bench_catalogue (see bench/README.md)
 *   DATABASE_URL=postgres://…/bench_catalogue_1m npx tsx bench/long-tail-breakdown.ts
 *   BENCH_PGLITE_DIR=/tmp/bench-catalogue-pglite/pglite npx tsx bench/long-tail-breakdown.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { openDatabase } from '../apps/server/src/db/client';
import { startServer, stopServer } from './load';
import { percentile } from './results';
import { queryMixes } from './search-queries';

const LONG_TAIL = Number(process.env.LONG_TAIL ?? 2_000);
const pgliteDir = process.env.BENCH_PGLITE_DIR;
const url = pgliteDir ? undefined : process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_catalogue';

/** CPU seconds (user + system) of the processes whose command name passes `which`, from /proc. */
function cpuSeconds(which: (pid: string, comm: string) => boolean): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!which(pid, comm)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while being read.
    }
  }
  return ticks / 100;
}

const database = await openDatabase({ url, dataDir: pgliteDir, poolSize: 1 });
const mixes = await queryMixes(database.db, LONG_TAIL);
await database.close();

const server = await startServer(url ? { DATABASE_URL: url } : { DATABASE_URL: '', BENCH_PGLITE_DIR: pgliteDir! });
/** Answers other than 200, with their status and the start of their body. */
const failures: string[] = [];
const ask = async (path: string) => {
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`);
  const body = await response.text();
  if (response.status !== 200) failures.push(`${response.status} ${decodeURIComponent(path)}: ${body.slice(0, 160)}`);
};
try {
  // The warm mix once (never part of the long tail), so the server's code is compiled and its statements prepared.
  for (const path of mixes.warm) await ask(path);
  const serverPid = String(server.child.pid);
  const isServer = (pid: string) => pid === serverPid;
  const isPostgres = (_: string, comm: string) => comm === 'postgres';
  const cpuBefore = { server: cpuSeconds(isServer), postgres: cpuSeconds(isPostgres) };
  const times = new Map<string, number[]>();
  const slowest: { ms: number; path: string }[] = [];
  const started = performance.now();
  for (const path of mixes.longTail) {
    const t = performance.now();
    await ask(path);
    const ms = performance.now() - t;
    const kind = mixes.kinds.get(path)!;
    if (!times.has(kind)) times.set(kind, []);
    times.get(kind)!.push(ms);
    slowest.push({ ms, path });
  }
  const totalMs = performance.now() - started;
  const n = mixes.longTail.length;
  const serverCpu = cpuSeconds(isServer) - cpuBefore.server;
  const postgresCpu = cpuSeconds(isPostgres) - cpuBefore.postgres;

  console.log(`\n${n} long-tail paths, each asked once, one at a time: ${(totalMs / 1000).toFixed(2)} s`);
  console.log(
    `CPU per request: server process ${((serverCpu * 1000) / n).toFixed(2)} ms` +
      (url ? `, PostgreSQL's processes ${((postgresCpu * 1000) / n).toFixed(2)} ms` : ' (PGlite runs inside it)'),
  );
  console.log('\n| kind | paths | share of the time | mean | p50 | p95 |\n|---|---|---|---|---|---|');
  for (const [kind, ms] of [...times].sort((a, b) => sum(b[1]) - sum(a[1]))) {
    console.log(
      `| ${kind} | ${ms.length} | ${Math.round((sum(ms) / totalMs) * 100)}% | ${(sum(ms) / ms.length).toFixed(2)} ms | ` +
        `${percentile(ms, 50).toFixed(2)} ms | ${percentile(ms, 95).toFixed(2)} ms |`,
    );
  }
  console.log(`\nAnswers other than 200: ${failures.length}`);
  for (const failure of failures.slice(0, 10)) console.log(`  ${failure}`);
  console.log('\nSlowest:');
  for (const { ms, path } of slowest.sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`  ${ms.toFixed(1)} ms  ${decodeURIComponent(path)}`);
} finally {
  await stopServer(server);
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}
