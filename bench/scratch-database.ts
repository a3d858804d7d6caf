import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { paymentGateways } from '../apps/server/src/adapters/payments/gateway';
import { openStorage } from '../apps/server/src/adapters/storage/open-storage';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { migrate, openDatabase, type Database } from '../apps/server/src/db/client';

/** The server's own configuration (DB_POOL_SIZE included), as `npm start` would read it, with jobs off. */
export const benchConfig = () => ({
  ...loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: '/tmp/pricehub-bench', LOG_LEVEL: 'silent' }),
  jobs: false,
});

/**
 * A migrated, empty database for one bench round: PGlite in memory, or, with DATABASE_URL, a scratch database on that
 * PostgreSQL server (dropped by `drop`).
 */
export async function openBenchDatabase(
  poolSize: number,
): Promise<{ database: Database; label: string; drop?: () => Promise<void> }> {
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
  const database = await openDatabase({ url: target.toString(), poolSize });
  await migrate(database);
  return {
    database,
    label: `PostgreSQL (pool ${poolSize})`,
    drop: async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

/** The real app listening on 127.0.0.1 over a fresh bench database (mail goes nowhere); `drop` removes the database. */
export async function startBenchApp(config: ReturnType<typeof benchConfig>): Promise<{
  ctx: AppContext;
  app: App;
  base: string;
  label: string;
  drop?: () => Promise<void>;
}> {
  const { database, label, drop } = await openBenchDatabase(config.dbPoolSize);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mail: { kind: 'log', send: async () => {}, close: () => {} } as unknown as AppContext['mail'],
    storage: await openStorage(config),
    payments: paymentGateways(config),
    now: () => new Date(),
  };
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, label, drop };
}
