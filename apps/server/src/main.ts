import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { logTransport, smtpTransport } from './adapters/mail/transport';
import { buildApp } from './app';
import { openAppContext } from './cli/app-context';
import { loadCommandConfig } from './cli/command-line';
import { DEFAULT_DATA_DIR } from './config';
import { loggerOptions } from './http/security';
import { migrate, openDatabase, withStartupLock } from './db/client';
import { DEMO_CUSTOMER, DEMO_OPERATOR, DEMO_SELLER } from './db/seed/demo-accounts';
import { seedDemoOperator } from './db/seed/demo-operator';
import { seedDemoIfEmpty } from './db/seed/demo';
import { Scheduler } from './jobs/scheduler';
import { acquireDatabaseLock } from './db/database-lock';
import { announceOnListen } from './db/server-handoff';
import { moduleJobs } from './modules/registry';

/**
 * Before 24 Nov 2026 the default data directory was ./data of the server's working directory, apps/server/data under
 * `npm start`: the first start with the repository-root default takes that shop along instead of seeding a new one.
 */
function moveEarlierDefaultData(dataDir: string, logger: pino.Logger): void {
  const earlier = fileURLToPath(new URL('../data', import.meta.url));
  if (dataDir !== DEFAULT_DATA_DIR || existsSync(dataDir) || !existsSync(join(earlier, 'pglite'))) return;
  renameSync(earlier, dataDir);
  logger.info(`moved the shop's data from ${earlier} to ${dataDir}`);
}

async function main() {
  const config = loadCommandConfig();
  // One line per event that a person reads, in development at a terminal; JSON lines everywhere else (log shippers).
  const pretty = config.env === 'development' && process.stdout.isTTY;
  const logger = pino({
    ...loggerOptions(config),
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
  moveEarlierDefaultData(config.dataDir, logger);

  // The embedded database opens in one process only: hold its lock before opening it (see `npm run ingest`).
  const dbLock = config.databaseUrl ? undefined : acquireDatabaseLock(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'),
    poolSize: config.dbPoolSize,
    prepare: config.dbPrepare,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });
  await migrate(database);
  const ctx = await openAppContext(
    config,
    database,
    config.smtpUrl ? smtpTransport(config.smtpUrl) : logTransport(logger),
  );
  // The demo logins are public (README): production gets the demo shop only with SEED_DEMO=1.
  if (config.seedDemo && (await withStartupLock(database, () => seedDemoIfEmpty(ctx)))) {
    logger.info('seeded the demo shop');
  }
  if (await withStartupLock(database, () => seedDemoOperator(ctx))) logger.info('added the demo operator');

  const app = await buildApp(ctx, { loggerInstance: logger, web: true, publicUrlWasSet: !!process.env.PUBLIC_URL });
  announceOnListen(app, ctx);
  const scheduler = new Scheduler(ctx.db, app.log);
  if (config.jobs) {
    for (const jobs of moduleJobs) for (const job of jobs(ctx)) await scheduler.register(job);
    scheduler.start();
  }

  await app.listen({ port: config.port, host: config.host });
  const demoLogins =
    config.seedDemo && config.env !== 'production'
      ? `  demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}\n` +
        `  demo seller:   ${DEMO_SELLER.email} / ${DEMO_SELLER.password}\n` +
        `  demo operator: ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password} (${config.publicUrl}/operator/login)\n`
      : '';
  console.log(
    `\nPriceHub is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})\n` +
      demoLogins,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Orchestrators kill after ~10 s; whatever still hangs by then (a request, a pool end) must not keep us up.
    setTimeout(() => {
      app.log.error('shutdown deadline passed; exiting');
      dbLock?.release();
      process.exit(1);
    }, 9_000).unref();
    // Stop taking requests and jobs together, let in-flight ones finish (a job for at most 5 s), close the database.
    await Promise.all([app.close(), scheduler.stop(5_000)]);
    ctx.mail.close();
    await database.close();
    dbLock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
