/**
 * Search speed (issue #3, "Speed") and dead ends (issue #12). One command: `npx tsx bench/search.ts`. See
 * bench/README.md.
 *
 * The catalogue: the demo shop plus generated catalogue products (`npm run seed -- --products N`), each listed by
 * one to five of our sellers, a third also offered by the comparison stores: search shows catalogue products.
 * Cold: the search and suggestion functions called directly with the results cache bypassed, one connection,
 * on PostgreSQL (DATABASE_URL, default the local bench_catalogue database seeded with 100k catalogue products) and
 * on PGlite (10k, seeded on first run into BENCH_PGLITE_DATA).
 * Zero-result rate: how many of the realistic shopper queries (modules/catalog/realistic-queries) find nothing.
 * Warm: the real app in its own process, autocannon with 16 connections and 200 distinct queries drawn with a
 * Zipf distribution, against a bare Fastify hello-world measured in the same run. p95 from per-request times.
 * Every figure is measured RUNS times (default 3) and the median is printed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { productQuery } from '@pricehub/shared/schemas/product';
import { migrate, openDatabase, queryRows, type Db } from '../apps/server/src/db/client';
import { deadEnds, REALISTIC_QUERIES } from '../apps/server/src/modules/catalog/realistic-queries';
import { searchUncached } from '../apps/server/src/modules/catalog/search';
import { splitWords } from '../apps/server/src/modules/catalog/query-words';
import { suggestUncached } from '../apps/server/src/modules/catalog/suggestions';
import { median, meets, percentile, record, type Figure } from './results';

// Named for the catalogue model: a database seeded before it (one product per seller) is not reused.
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_catalogue';
const PGLITE_DATA = process.env.BENCH_PGLITE_DATA ?? '/tmp/bench-catalogue-pglite';
const PGLITE_PRODUCTS = Number(process.env.BENCH_PGLITE_PRODUCTS ?? 10_000);
const PG_PRODUCTS = Number(process.env.BENCH_PG_PRODUCTS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 3);
const ITERATIONS = Number(process.env.ITERATIONS ?? 40);
const DURATION_S = Number(process.env.DURATION ?? 8);
const skip = new Set((process.env.SKIP ?? '').split(',').filter(Boolean));

const COLD_CASES: { label: string; kind: 'broad' | 'narrow' | 'suggest'; q: string; goalMs: number }[] = [
  { label: 'laptop', kind: 'broad', q: 'laptop', goalMs: 60 },
  { label: 'samsung', kind: 'broad', q: 'samsung', goalMs: 60 },
  { label: 'xps 13 9340', kind: 'narrow', q: 'xps 13 9340', goalMs: 15 },
  { label: 'lenvo legion', kind: 'narrow', q: 'lenvo legion', goalMs: 15 },
  { label: 'suggest "sam"', kind: 'suggest', q: 'sam', goalMs: 10 },
  { label: 'suggest "lenvo"', kind: 'suggest', q: 'lenvo', goalMs: 10 },
  { label: 'suggest "dell xp"', kind: 'suggest', q: 'dell xp', goalMs: 10 },
];

const ms = (n: number) => `${n.toFixed(1)} ms`;

let allMet = true;
/** Records a figure, and remembers a missed goal for the exit code. */
function report(figure: Figure): void {
  allMet &&= meets(figure);
  record(figure);
}

// ── cold ─────────────────────────────────────────────────────────────────────────────────────────

async function coldCase(db: Db, c: (typeof COLD_CASES)[number]): Promise<{ p50: number; p95: number }> {
  const run = () =>
    c.kind === 'suggest'
      ? suggestUncached(db, splitWords(c.q))
      : searchUncached(db, productQuery.parse({ q: c.q }), new Date());
  for (let i = 0; i < 3; i++) await run(); // fill PostgreSQL's buffer cache: "cold" means no results cache
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function cold(label: string, db: Db): Promise<void> {
  console.log(`\n## Cold, uncached: ${label} (one connection, ${ITERATIONS} calls per run, median of ${RUNS} runs)`);
  console.log('| query | p50 | p95 | goal p95 | |\n|---|---|---|---|---|');
  for (const c of COLD_CASES) {
    const runs = [];
    for (let r = 0; r < RUNS; r++) runs.push(await coldCase(db, c));
    const p50 = median(runs.map((x) => x.p50));
    const p95 = median(runs.map((x) => x.p95));
    const ok = p95 <= c.goalMs ? 'ok' : 'OVER';
    console.log(`| ${c.label} | ${ms(p50)} | ${ms(p95)} | ${c.goalMs} ms | ${ok} |`);
    report({
      bench: 'search, cold',
      database: label,
      figure: `${c.label} p95`,
      value: p95,
      unit: 'ms',
      goal: { atMost: c.goalMs },
    });
  }
}

// ── dead ends ────────────────────────────────────────────────────────────────────────────────────

/** Runs the realistic shopper queries against the catalogue and reports how many find nothing at all. */
async function zeroResults(label: string, db: Db): Promise<void> {
  const now = new Date();
  const found = async (q: string) => (await searchUncached(db, productQuery.parse({ q }), now)).items.length;
  const dead = await deadEnds(found, REALISTIC_QUERIES);
  console.log(`\n## Dead ends: ${label}\nzero-result rate: ${dead.length}/${REALISTIC_QUERIES.length}`);
  if (dead.length > 0) console.log(`found nothing: ${dead.map((q) => JSON.stringify(q)).join(', ')}`);
  report({
    bench: 'search, realistic queries',
    database: label,
    figure: `zero-result rate (${REALISTIC_QUERIES.length} queries)`,
    value: dead.length,
    unit: 'queries',
    goal: { atMost: 0 },
  });
}

// ── warm ─────────────────────────────────────────────────────────────────────────────────────────

/** Small deterministic PRNG, so every run draws the same query mix. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 200 distinct realistic paths: words, brands, models, typos, filters, sorts, pages and suggestions. */
async function queryMix(db: Db): Promise<string[]> {
  const rand = mulberry32(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const brands = (
    await queryRows<{ brand: string }>(
      db,
      sql`select brand from products group by brand order by count(*) desc limit 12`,
    )
  ).map((r) => r.brand);
  const names = (
    await queryRows<{ name: string }>(db, sql`select distinct name from products order by name limit 3000`)
  ).map((r) => r.name);
  const typo = (w: string) => (w.length < 5 ? w : `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`);
  const out = new Set<string>();
  const add = (path: string) => out.add(path);
  const s = (q: string) => `/api/products?q=${encodeURIComponent(q)}`;
  for (const w of ['laptop', 'mobile', 'computer', 'phone', 'gaming laptop', 'desktop']) add(s(w));
  for (const b of brands) {
    add(s(b.toLowerCase()));
    add(s(typo(b.toLowerCase())));
    add(`/api/products?brand=${encodeURIComponent(b)}`);
    add(`/api/products/suggestions?q=${encodeURIComponent(b.slice(0, 3).toLowerCase())}`);
  }
  const categories = ['mobile', 'laptop', 'computer'];
  const sorts = ['relevance', 'price_asc', 'price_desc', 'popular', 'newest'];
  const rams = [4, 8, 16, 32];
  while (out.size < 200) {
    const name = pick(names);
    const words = name.split(' ');
    const roll = rand();
    if (roll < 0.3) add(s(words.slice(1, 1 + 1 + Math.floor(rand() * 3)).join(' ')));
    else if (roll < 0.4) add(s(words.slice(0, 3).map(typo).join(' ')));
    else if (roll < 0.55)
      add(
        `/api/products/suggestions?q=${encodeURIComponent(
          words
            .slice(0, 2)
            .join(' ')
            .slice(0, 3 + Math.floor(rand() * 8))
            .toLowerCase(),
        )}`,
      );
    else if (roll < 0.7) add(`/api/products?category=${pick(categories)}&ram=${pick(rams)}&sort=${pick(sorts)}`);
    else if (roll < 0.85) {
      const min = Math.floor(rand() * 40) * 5000;
      add(
        `/api/products?category=${pick(categories)}&brand=${encodeURIComponent(pick(brands))}&minPrice=${min}&maxPrice=${min + 49999.99}`,
      );
    } else
      add(
        `/api/products?q=${encodeURIComponent(pick(categories))}&page=${2 + Math.floor(rand() * 3)}&sort=${pick(sorts)}`,
      );
  }
  return [...out];
}

/** Zipf (s = 1) over the mix: the first query is the most frequent, as real search traffic is. */
function zipfSampler(paths: string[]): () => string {
  const rand = mulberry32(7);
  const weights = paths.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of weights) cumulative.push((acc += w / total));
  return () => {
    const r = rand();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return paths[lo]!;
  };
}

async function startServer(env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'search-server.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /listening (\d+)/.exec(buffer);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { port, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function load(
  port: number,
  next: () => string,
  duration: number,
): Promise<{ rps: number; p95: number; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: 16,
        duration,
        requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      times.push(responseTime);
      if (status !== 200) errors++;
    });
  });
  return {
    rps: result.requests.average,
    p95: times.length ? percentile(times, 95) : NaN,
    errors: errors + result.errors,
  };
}

async function warm(label: string, env: Record<string, string>, paths: string[]): Promise<void> {
  console.log(`\n## Warm: ${label} (16 connections, ${paths.length} distinct queries, Zipf, ${DURATION_S} s per run)`);
  console.log('| run | hello-world req/s | search req/s | ratio | search p95 | non-200 |\n|---|---|---|---|---|---|');
  const rows: { hello: number; rps: number; p95: number }[] = [];
  for (let r = 1; r <= RUNS; r++) {
    const hello = await startServer({ BENCH_MODE: 'hello' });
    const h = await load(hello.port, () => '/hello', DURATION_S);
    await stopServer(hello.child);
    const app = await startServer({ BENCH_MODE: 'app', ...env });
    const next = zipfSampler(paths);
    await load(app.port, next, 2); // warm the results cache and the connections
    const a = await load(app.port, next, DURATION_S);
    await stopServer(app.child);
    rows.push({ hello: h.rps, rps: a.rps, p95: a.p95 });
    console.log(
      `| ${r} | ${h.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${(a.rps / h.rps).toFixed(2)} | ${ms(a.p95)} | ${a.errors} |`,
    );
  }
  const ratio = median(rows.map((x) => x.rps / x.hello));
  const p95 = median(rows.map((x) => x.p95));
  const hello = median(rows.map((x) => x.hello));
  const rps = median(rows.map((x) => x.rps));
  console.log(
    `| median | ${hello.toFixed(0)} | ${rps.toFixed(0)} | ${ratio.toFixed(2)} (goal ≥ 0.25) | ${ms(p95)} (goal ≤ 30 ms) | |`,
  );
  const reference = { name: 'hello-world req/s', value: hello };
  report({ bench: 'search, warm', database: label, figure: 'requests/s', value: rps, unit: 'req/s', reference });
  report({
    bench: 'search, warm',
    database: label,
    figure: 'ratio to hello-world',
    value: ratio,
    unit: '×',
    goal: { atLeast: 0.25 },
  });
  report({ bench: 'search, warm', database: label, figure: 'p95', value: p95, unit: 'ms', goal: { atMost: 30 } });
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────────

async function count(db: Db): Promise<number> {
  return (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products`))[0]!.n;
}

/** "100,162 catalogue products (100,162 shown), 230,410 listings (2.30 sellers each), 35,218 offers". */
async function describeCatalogue(db: Db): Promise<string> {
  const [c] = await queryRows<{ products: number; visible: number; listings: number; listed: number; offers: number }>(
    db,
    sql`select (select count(*)::int from products) as products,
          (select count(*)::int from products where visible) as visible,
          (select count(*)::int from listings) as listings,
          (select count(distinct product_id)::int from listings) as listed,
          (select count(*)::int from offers) as offers`,
  );
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    `${n(c!.products)} catalogue products (${n(c!.visible)} shown), ${n(c!.listings)} listings ` +
    `(${(c!.listings / Math.max(1, c!.listed)).toFixed(2)} sellers per listed product), ${n(c!.offers)} offers`
  );
}

const seedCatalogue = (env: Record<string, string>, products: number) => {
  const seeded = spawnSync('npx', ['tsx', 'apps/server/src/db/seed/cli.ts', '--products', String(products)], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, PORT: '1', ...env },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding the benchmark catalogue failed');
};

/** Creates the PostgreSQL database and seeds it with PG_PRODUCTS catalogue products when it does not exist yet. */
async function ensurePostgresCatalogue(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    console.log(`\nCreating the database ${name} and seeding it with ${PG_PRODUCTS} products (first run only)…`);
    await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  seedCatalogue({ DATABASE_URL: url }, PG_PRODUCTS);
}

if (!skip.has('postgres')) {
  await ensurePostgresCatalogue(PG_URL);
  const server = await openDatabase({ url: PG_URL, poolSize: 1 });
  await migrate(server);
  // As autovacuum would have by now on a live server: fresh statistics, and a visibility map for index-only scans.
  await server.db.execute(sql`vacuum analyze products, listings, offers`);
  const n = await count(server.db);
  console.log(`# PostgreSQL: ${await describeCatalogue(server.db)} (${PG_URL.replace(/\/\/[^@]*@/, '//')})`);
  if (n < 100_000) console.log(`(the goals are for 100,000: DATABASE_URL=… npm run seed -- --products 100000)`);
  await cold('PostgreSQL', server.db);
  await zeroResults('PostgreSQL', server.db);
  const paths = await queryMix(server.db);
  await server.close();
  if (!skip.has('warm')) await warm('PostgreSQL', { DATABASE_URL: PG_URL }, paths);
}

if (!skip.has('pglite')) {
  const dir = join(PGLITE_DATA, 'pglite');
  if (!existsSync(dir)) {
    console.log(`\nSeeding PGlite in ${dir} with ${PGLITE_PRODUCTS} products (first run only)…`);
    seedCatalogue({ DATABASE_URL: '', DATA_DIR: PGLITE_DATA }, PGLITE_PRODUCTS);
  }
  const lite = await openDatabase({ dataDir: dir });
  await migrate(lite);
  console.log(`\n# PGlite: ${await describeCatalogue(lite.db)} (${dir})`);
  await cold('PGlite', lite.db);
  await zeroResults('PGlite', lite.db);
  const paths = await queryMix(lite.db);
  await lite.close();
  // Give PGlite's file lock a moment before the server process opens the same directory.
  await sleep(200);
  if (!skip.has('warm')) await warm('PGlite', { DATABASE_URL: '', BENCH_PGLITE_DIR: dir }, paths);
}

process.exitCode = allMet ? 0 : 1;
