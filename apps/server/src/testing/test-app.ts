import pino from 'pino';
import { afterAll } from 'vitest';
import { buildApp, type App } from '../app';
import { openAppContext } from '../cli/app-context';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { flushOutbox } from '../modules/mail/outbox';
import { memoryMail } from './memory-mail';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: App;
  ctx: AppContext;
  mail: ReturnType<typeof memoryMail>;
  /** Sends queued mail through the memory transport, as the mail job would. */
  flushMail(): Promise<void>;
  /** Moves the app's clock; `now()` starts at the real time. */
  setNow(date: Date): void;
}

/**
 * Builds the real app on a fresh database for one test file and closes both after the file's tests.
 * Call it once at the top of a test file: `const t = await buildTestApp();`
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  /** Writes to the new database before the app starts (what it loads at start: the search index). */
  before?: (db: Db) => Promise<unknown>,
): Promise<TestApp> {
  const database = await createTestDatabase();
  await before?.(database.db);
  const mail = memoryMail();
  let now: Date | undefined;
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/pricehub-test-data',
      // The ingestion tests' fixture stores listen on 127.0.0.1.
      INGEST_ALLOW_PRIVATE: '1',
    }),
    ...overrides,
  };
  const ctx: AppContext = { ...(await openAppContext(config, database, mail)), now: () => now ?? new Date() };
  const app = await buildApp(ctx, process.env.TEST_LOG ? { loggerInstance: pino({ level: 'error' }) } : {});
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return {
    app,
    ctx,
    mail,
    flushMail: async () => {
      await flushOutbox(ctx.db, mail, config.mailFrom);
    },
    setNow: (date) => {
      now = date;
    },
  };
}
