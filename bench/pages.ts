/**
 * Server-rendered pages (issue #18): the pages people land on from search engines and links, drawn on the server as
 * `npm start` serves them (the built web app and its server renderer), 16 connections, a browser's
 * Accept-Encoding, each kind of page on its own: product, home, results, store. For visitors (no session) and for a
 * signed-in customer. On the demo shop on PGlite and on the 100k catalogue on PostgreSQL (the search bench's
 * database, made on first use), against a bare Fastify hello-world measured in the same run.
 *
 * Visitors' pages are kept until what they show changes (product pages) or for a few seconds (lists): before each
 * kind is measured, every one of its pages is asked for once (a crawler's pass, "cold": each page drawn), so the
 * measured seconds are the steady state of a server that has been up a while. The cold pass is reported too.
 *
 * Also the API reads a product page's browser makes (the product, its offers, its price history), each on its own for
 * visitors, across the same products. Goal: at least 0.1 × hello-world's requests/s.
 *
 * Also: how long a price change made by another process (a direct UPDATE on PostgreSQL, which this server's code
 * knows nothing of; the catalogue's triggers tell it through NOTIFY) takes to show on the product page. Goal: within
 * 10 s.
 *
 *   npx tsx bench/pages.ts        # RUNS (3), DURATION (5 s per kind and run), SKIP=pglite,postgres; builds the web app if needed
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { formatRs } from '@pricehub/shared/rules/money';
import { migrate, openDatabase, type OpenOptions } from '../apps/server/src/db/client';
import { DEMO_CUSTOMER } from '../apps/server/src/db/seed/demo-accounts';
import { ensurePostgresCatalogue, seedCatalogue } from './catalogue';
import { eachOnce, helloWorld, load, startServer, stopServer, zipfSampler, type Server } from './load';
import { median, meets, record, type Figure } from './results';

const PG_URL = process.env.BENCH_PAGES_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_catalogue';
const PGLITE_DATA = process.env.BENCH_PAGES_PGLITE_DATA ?? '/tmp/bench-pages-demo';
const RUNS = Number(process.env.RUNS ?? 3);
const DURATION_S = Number(process.env.DURATION ?? 5);
const skip = new Set((process.env.SKIP ?? '').split(',').filter(Boolean));
const ORIGIN = 'http://127.0.0.1:8000'; // the PUBLIC_URL bench/app-server.ts gives the app
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

/** Issue #18: at least 1,500 pages/s and 0.02 × hello-world for visitors, p95 at most 50 ms. */
const VISITOR_PAGES_PER_S = 1_500;
const VISITOR_RATIO = 0.02;
const P95_MS = 50;
/** Issue #18: a product's API reads (the product, offers, price history) at least 0.1 × hello-world's requests/s. */
const API_RATIO = 0.1;
/**
 * Signed-in pages: at least 5× what they were before the page work. Measured with this bench (RUNS=1, DURATION=5) on
 * the code before it (commit dde0dbf), 24 Nov 2026 at 05:59-06:01 UTC, load average 5-6: pages/s per kind.
 */
const SIGNED_IN_BEFORE: Record<string, Record<Kind, number>> = {
  PGlite: { product: 20, home: 46, results: 62, store: 31 },
  PostgreSQL: { product: 3, home: 45, results: 46, store: 3 },
};

type Kind = 'product' | 'home' | 'results' | 'store';
const KINDS: Kind[] = ['product', 'home', 'results', 'store'];
/** The API reads of a product page, each with its path for a product id. */
const API_READS = {
  product: (id: number) => `/api/products/${id}`,
  offers: (id: number) => `/api/products/${id}/offers`,
  'price history': (id: number) => `/api/products/${id}/price-history`,
};
type ApiRead = keyof typeof API_READS;
const API_KINDS = Object.keys(API_READS) as ApiRead[];

let allMet = true;
function report(figure: Figure): void {
  allMet &&= meets(figure);
  record(figure);
}

/** The pages of each kind a crawler and shoppers would open, most popular first (drawn with Zipf). */
async function pagePaths(port: number): Promise<Record<Kind, string[]> & { productIds: number[] }> {
  const get = async <T>(path: string) => (await (await fetch(`http://127.0.0.1:${port}/api${path}`)).json()) as T;
  const sitemap = await get<{ products: { id: number }[]; stores: string[] }>('/sitemap');
  const popular = await get<{ items: { id: number; name: string; brand: string }[] }>(
    '/products?sort=popular&pageSize=48',
  );
  const ids = [...new Set([...popular.items.map((p) => p.id), ...sitemap.products.map((p) => p.id)])];
  const words = [
    'laptop',
    'mobile',
    'computer',
    'gaming laptop',
    ...popular.items.flatMap((p) => [p.brand.toLowerCase(), p.name.split(' ').slice(0, 3).join(' ')]),
  ];
  return {
    productIds: ids.slice(0, 2_000),
    product: ids.slice(0, 2_000).map((id) => `/result/productHub/${id}`),
    home: ['/'],
    results: [
      ...new Set([
        ...words.map((w) => `/result?q=${encodeURIComponent(w)}`),
        ...['mobile', 'laptop', 'computer'].flatMap((c) => [
          `/result?category=${c}`,
          `/result?category=${c}&sort=price_asc`,
          `/result?category=${c}&page=2`,
        ]),
      ]),
    ].slice(0, 200),
    store: sitemap.stores.map((slug) => `/viewstore/${slug}`),
  };
}

async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, role: 'customer' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ph_session='));
  if (!res.ok || !cookie) throw new Error(`could not sign in the demo customer: HTTP ${res.status}`);
  return cookie.split(';')[0]!;
}

interface Row {
  hello: number;
  rps: Record<string, number>;
  p95: Record<string, number>;
  /** Visitors' pages/s while each page of the kind is asked for the first time (each one drawn). */
  cold: Record<string, number>;
}

/** A database kept between runs was made by older code: it gets the triggers and tables of today's first. */
async function migrated(options: OpenOptions): Promise<void> {
  const database = await openDatabase(options);
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
}

const key = (who: 'visitor' | 'signed in', kind: Kind) => `${who}: ${kind}`;

/** One kind of request in its steady state: 1 s to warm the code, connections and caches, then the measured seconds. */
async function steady(port: number, paths: string[], headers: Record<string, string>, what: string) {
  const next = zipfSampler(paths);
  await load(port, next, { duration: 1, headers });
  const result = await load(port, next, { duration: DURATION_S, headers });
  if (result.errors > 0) throw new Error(`${what}: ${result.errors} answers were not 200`);
  return result;
}

/** Every path asked for once, as a crawler would (autocannon needs one request per connection at least). */
const crawl = (port: number, paths: string[], headers: Record<string, string>) =>
  load(port, eachOnce(paths), { amount: Math.max(paths.length, 16), headers });

/** The medians over the runs of one kind: requests/s, its ratio to the run's hello-world, p95. */
function medians(rows: Row[], k: string) {
  return {
    rps: median(rows.map((x) => x.rps[k]!)),
    ratio: median(rows.map((x) => x.rps[k]! / x.hello)),
    p95: median(rows.map((x) => x.p95[k]!)),
  };
}

async function measure(label: string, env: Record<string, string>): Promise<Server> {
  console.log(`\n## ${label} (16 connections, ${DURATION_S} s per kind and run, each kind's pages drawn with Zipf)`);
  const rows: Row[] = [];
  let last: Server | undefined;
  for (let r = 1; r <= RUNS; r++) {
    const hello = await helloWorld(DURATION_S);
    const app = await startServer({ BENCH_MODE: 'app', BENCH_WEB: '1', ...env });
    const paths = await pagePaths(app.port);
    const cookie = await signIn(app.port);
    const row: Row = { hello, rps: {}, p95: {}, cold: {} };
    for (const who of ['visitor', 'signed in'] as const) {
      const headers = who === 'visitor' ? BROWSER : { ...BROWSER, cookie };
      for (const kind of KINDS) {
        if (who === 'visitor') row.cold[kind] = (await crawl(app.port, paths[kind], headers)).rps;
        const result = await steady(app.port, paths[kind], headers, `${label}, ${key(who, kind)}`);
        row.rps[key(who, kind)] = result.rps;
        row.p95[key(who, kind)] = result.p95;
      }
    }
    // A product page's API reads, as its browser asks them (JSON), each kind across the same products.
    for (const read of API_KINDS) {
      const apiPaths = paths.productIds.map(API_READS[read]);
      const headers = { 'accept-encoding': BROWSER['accept-encoding'], accept: 'application/json' };
      await crawl(app.port, apiPaths, headers);
      const result = await steady(app.port, apiPaths, headers, `${label}, API ${read}`);
      row.rps[`api: ${read}`] = result.rps;
      row.p95[`api: ${read}`] = result.p95;
    }
    rows.push(row);
    console.log(
      `run ${r}: hello-world ${hello.toFixed(0)} req/s; visitors' pages drawn the first time: ` +
        KINDS.map((k) => `${k} ${paths[k].length} at ${row.cold[k]!.toFixed(0)}/s`).join(', ') +
        '; ' +
        Object.keys(row.rps)
          .map((k) => `${k} ${row.rps[k]!.toFixed(0)}/s p95 ${row.p95[k]!.toFixed(1)} ms`)
          .join('; '),
    );
    if (r < RUNS) await stopServer(app);
    else last = app;
  }
  const hello = median(rows.map((x) => x.hello));
  const reference = { name: 'hello-world req/s', value: hello };
  const database = label.split(',')[0]!;
  const reportRatio = (bench: string, value: number, atLeast: number) =>
    report({ bench, database: label, figure: 'ratio to hello-world', value, unit: '×', goal: { atLeast } });
  console.log(
    `visitors' pages drawn the first time (medians): ` +
      KINDS.map((k) => `${k} ${median(rows.map((x) => x.cold[k]!)).toFixed(0)}/s`).join(', '),
  );
  console.log('| pages | pages/s | ratio to hello-world | p95 |\n|---|---|---|---|');
  for (const who of ['visitor', 'signed in'] as const) {
    for (const kind of KINDS) {
      const k = key(who, kind);
      const { rps, ratio, p95 } = medians(rows, k);
      console.log(`| ${k} | ${rps.toFixed(0)} | ${ratio.toFixed(3)} | ${p95.toFixed(1)} ms |`);
      const bench = `pages, ${k}`;
      if (who === 'visitor') {
        report({
          bench,
          database: label,
          figure: 'pages/s',
          value: rps,
          unit: 'pages/s',
          reference,
          goal: { atLeast: VISITOR_PAGES_PER_S },
        });
        reportRatio(bench, ratio, VISITOR_RATIO);
      } else {
        const before = SIGNED_IN_BEFORE[database]?.[kind] ?? 0;
        report({
          bench,
          database: label,
          figure: `pages/s (before: ${before.toFixed(0)})`,
          value: rps,
          unit: 'pages/s',
          reference,
          ...(before > 0 ? { goal: { atLeast: 5 * before } } : {}),
        });
      }
      report({ bench, database: label, figure: 'p95', value: p95, unit: 'ms', goal: { atMost: P95_MS } });
    }
  }
  console.log('| API reads of a product page | requests/s | ratio to hello-world | p95 |\n|---|---|---|---|');
  for (const read of API_KINDS) {
    const { rps, ratio, p95 } = medians(rows, `api: ${read}`);
    console.log(`| ${read} | ${rps.toFixed(0)} | ${ratio.toFixed(3)} | ${p95.toFixed(1)} ms |`);
    const bench = `API reads, ${read}`;
    report({ bench, database: label, figure: 'requests/s', value: rps, unit: 'req/s', reference });
    reportRatio(bench, ratio, API_RATIO);
  }
  return last!;
}

/**
 * Lowers the price of the most popular product's cheapest listing by Rs 1 behind the server's back and times how
 * long its page takes to show the new price; then puts the price back.
 */
async function priceChange(label: string, app: Server, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [listing],
    } = await client.query<{ id: number; product_id: number; price: string; lowest: string }>(
      `select l.id, l.product_id, l.price, p.lowest_price as lowest
         from products p join listings l on l.product_id = p.id and l.price = p.lowest_price and l.quantity > 0
        where p.visible order by p.units_sold desc, p.id limit 1`,
    );
    if (!listing) throw new Error('no product to re-price');
    const page = `http://127.0.0.1:${app.port}/result/productHub/${listing.product_id}`;
    await fetch(page, { headers: { accept: 'text/html' } }); // the page is now cached, if anything caches it
    const newPrice = Number(listing.price) - 100;
    const shown = formatRs(newPrice);
    await client.query('update listings set price = $1 where id = $2', [newPrice, listing.id]);
    const started = Date.now();
    let seconds = Infinity;
    while (Date.now() - started < 20_000) {
      const html = await (await fetch(page, { headers: { accept: 'text/html' } })).text();
      if (html.includes(shown)) {
        seconds = (Date.now() - started) / 1000;
        break;
      }
      await sleep(100);
    }
    await client.query('update listings set price = $1 where id = $2', [listing.price, listing.id]);
    console.log(`price change on ${label}: the product page showed ${shown} after ${seconds.toFixed(1)} s`);
    report({
      bench: 'pages, a price change shows',
      database: label,
      figure: 'after',
      value: seconds,
      unit: 's',
      goal: { atMost: 10 },
    });
  } finally {
    await client.end();
  }
}

if (!existsSync(join(import.meta.dirname, '../apps/web/dist/ssr/entry-server.js'))) {
  console.log('Building the web app first (npm run build)…');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

if (!skip.has('pglite')) {
  const dir = join(PGLITE_DATA, 'pglite');
  if (!existsSync(dir)) {
    console.log(`\nSeeding the demo shop into ${dir} (first run only)…`);
    seedCatalogue({ DATABASE_URL: '', DATA_DIR: PGLITE_DATA }, 0);
  }
  await migrated({ dataDir: dir });
  await stopServer(await measure('PGlite, demo shop', { DATABASE_URL: '', BENCH_PGLITE_DIR: dir }));
}

if (!skip.has('postgres')) {
  await ensurePostgresCatalogue(PG_URL, 100_000);
  await migrated({ url: PG_URL, poolSize: 1 });
  const app = await measure('PostgreSQL, 100k products', { DATABASE_URL: PG_URL });
  try {
    await priceChange('PostgreSQL, 100k products', app, PG_URL);
  } finally {
    await stopServer(app);
  }
}

process.exitCode = allMet ? 0 : 1;
