/**
 * Seller notification streams (issue #18): 1,000 open server-sent event streams held by one server process, its
 * CPU while nothing happens (goal: under 5% of a core), and how long one new notification takes to reach all of
 * them. The server runs in this process (process.cpuUsage measures it); the 1,000 clients run in a child process.
 *
 *   npx tsx bench/notification-streams.ts                 # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/notification-streams.ts
 *
 * Settings (environment): STREAMS (1000), IDLE_S (30), RUNS (1: each run is a 30 s idle window).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { sessions, stores } from '../apps/server/src/db/schema';
import { registerSeller } from '../apps/server/src/modules/auth/service';
import { hashToken, newToken } from '../apps/server/src/modules/auth/tokens';
import { listeners } from '../apps/server/src/modules/notifications/listener';
import { addStoreNotice } from '../apps/server/src/modules/notifications/store-notice';
import { benchConfig, startBenchApp } from './scratch-database';
import { median, record } from './results';

const STREAMS = Number(process.env.STREAMS ?? 1000);
const IDLE_S = Number(process.env.IDLE_S ?? 30);
const RUNS = Number(process.env.RUNS ?? 1);
const GOAL_PERCENT = 5;

const config = benchConfig();

/** The clients: STREAMS event streams in a child process; it prints "ready" once all are open, "got" per event. */
const CLIENT = `
import http from 'node:http';
const [base, cookie, count] = [process.argv[1], process.argv[2], Number(process.argv[3])];
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
let ready = 0, got = 0;
const open = (i) => new Promise((resolve, reject) => {
  const req = http.get(base + '/api/seller/notifications/stream', { agent, headers: { cookie } }, (res) => {
    if (res.statusCode !== 200) return reject(new Error('stream ' + i + ': HTTP ' + res.statusCode));
    let text = '', isReady = false, hasEvent = false;
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      text += chunk;
      if (!isReady && text.includes('event: ready')) { isReady = true; resolve(); }
      if (!hasEvent && text.includes('event: notification')) {
        hasEvent = true;
        if (++got === count) process.stdout.write('got\\n');
      }
      if (text.length > 4096) text = text.slice(-1024);
    });
  });
  req.on('error', reject);
});
for (let i = 0; i < count; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => open(i + j)));
}
process.stdout.write('ready\\n');
`;

async function main() {
  const { ctx, app, base, label, drop } = await startBenchApp(config);
  try {
    const seller = await registerSeller(ctx, {
      sellerName: 'Bench Seller',
      storeName: `Bench Store ${randomBytes(3).toString('hex')}`,
      email: `bench-seller-${randomBytes(4).toString('hex')}@example.test`,
      password: 'Bench!passw0rd',
      phone: '03001234567',
      license: 'BENCH-1',
    });
    const [store] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from ${stores} where seller_id = ${seller.id}`,
    );
    const token = newToken();
    await ctx.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), accountId: seller.id, expiresAt: new Date(Date.now() + 86_400_000) });

    const idlePercents: number[] = [];
    const fanOutMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const child = spawn(
        process.execPath,
        ['--input-type=module', '-e', CLIENT, base, `ph_session=${token}`, String(STREAMS)],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const waitFor = async (word: string, withinMs: number) => {
        const deadline = Date.now() + withinMs;
        while (!out.includes(word)) {
          if (child.exitCode !== null) throw new Error(`the clients exited (${child.exitCode})`);
          if (Date.now() > deadline) throw new Error(`no "${word}" from the clients`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
      await waitFor('ready', 120_000);
      console.log(`${label}: ${listeners.get(ctx.database)?.size() ?? 0} streams registered with the listener`);
      // Let the opening settle, then measure a quiet window.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const before = process.cpuUsage();
      const started = process.hrtime.bigint();
      await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
      const used = process.cpuUsage(before);
      const wallUs = Number(process.hrtime.bigint() - started) / 1000;
      const percent = ((used.user + used.system) / wallUs) * 100;
      idlePercents.push(percent);
      console.log(
        `${label}: ${STREAMS} open streams, ${IDLE_S} s idle: ${percent.toFixed(2)}% of a core ` +
          `(user ${(used.user / 1000).toFixed(0)} ms, system ${(used.system / 1000).toFixed(0)} ms)`,
      );

      // One notification, to every stream of the store.
      const sent = Date.now();
      await ctx.db.transaction((tx) =>
        addStoreNotice(tx, {
          storeId: store!.id,
          orderId: null,
          message: 'Bench notice',
          product: 'Bench Phone',
          customer: 'Bench Buyer',
          total: 1_00,
          createdAt: new Date(),
        }),
      );
      await waitFor('got', 30_000);
      fanOutMs.push(Date.now() - sent);
      console.log(`${label}: one notification reached all ${STREAMS} streams in ${Date.now() - sent} ms`);
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    }
    record({
      bench: 'notification-streams',
      database: label,
      figure: `CPU, ${STREAMS} idle streams`,
      value: Number(median(idlePercents).toFixed(2)),
      unit: '% of a core',
      goal: { atMost: GOAL_PERCENT },
    });
    record({
      bench: 'notification-streams',
      database: label,
      figure: `one notification to ${STREAMS} streams`,
      value: median(fanOutMs),
      unit: 'ms',
    });
  } finally {
    await app.close();
    await ctx.database.close();
    await drop?.();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
