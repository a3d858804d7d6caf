/**
 * The server half of the HTTP benchmarks, run in its own process so the load generator does not share its event loop.
 * BENCH_MODE=hello: a bare Fastify hello-world (the reference). BENCH_MODE=app: the real app on the database in
 * DATABASE_URL (or PGlite in BENCH_PGLITE_DIR), without the web app unless BENCH_WEB=1 (then with the built web app
 * and its server renderer, as `npm start` serves it). It logs as production does, at `info` unless BENCH_LOG_LEVEL says
 * otherwise, to /tmp/bench-search-data/server.log (one server's run at a time). Prints "listening <port>" when ready.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import { logTransport } from '../apps/server/src/adapters/mail/transport';
import { openStorage } from '../apps/server/src/adapters/storage/open-storage';
import { paymentGateways } from '../apps/server/src/adapters/payments/gateway';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { openDatabase } from '../apps/server/src/db/client';
import { loggerOptions } from '../apps/server/src/http/security';
import { keptCards } from '../apps/server/src/modules/catalog/card-cache';
import { searchIndexOf } from '../apps/server/src/modules/catalog/search-index/live-index';

const mode = process.env.BENCH_MODE ?? 'app';

async function start(): Promise<{ listen: () => Promise<string> }> {
  if (mode === 'hello') {
    const app = Fastify();
    app.get('/hello', async () => ({ hello: 'world' }));
    return { listen: () => app.listen({ port: 0, host: '127.0.0.1' }) };
  }
  const url = process.env.DATABASE_URL || undefined;
  const database = await openDatabase({ url, dataDir: url ? undefined : process.env.BENCH_PGLITE_DIR, poolSize: 16 });
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      MAIL_TO_LOG: '1',
      DATA_DIR: '/tmp/bench-search-data',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      JOBS: 'off',
      SEARCH_INDEX: process.env.SEARCH_INDEX,
      PUBLIC_URL: 'http://127.0.0.1:8000',
    }),
  };
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mail: logTransport(pino({ level: 'silent' })),
    storage: await openStorage(config),
    payments: paymentGateways(config),
    now: () => new Date(),
  };
  // Logged as a production process logs (an access line per request at `info`), to a file rather than the pipe the
  // parent reads "listening" from, so that the load generator does not pay for reading it.
  mkdirSync(config.dataDir, { recursive: true });
  const logger = pino(
    loggerOptions(config),
    pino.destination({ dest: join(config.dataDir, 'server.log'), append: false }),
  );
  const app = await buildApp(ctx, { web: process.env.BENCH_WEB === '1', loggerInstance: logger });
  // Measured once the search index has loaded, and the cards it shows first have been read ahead (SEARCH_INDEX=off
  // measures the database alone): as a process is put behind the load balancer once it has warmed up.
  await searchIndexOf(ctx.db)?.loaded();
  await keptCards(ctx.db)?.readAhead;
  return { listen: () => app.listen({ port: 0, host: '127.0.0.1' }) };
}

const server = await start();
const address = await server.listen();
console.log(`listening ${new URL(address).port}`);
