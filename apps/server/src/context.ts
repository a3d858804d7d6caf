import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { MailTransport } from './adapters/mail/transport';

/** What every module receives: the database handle and the adapters, never imported as globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mail: MailTransport;
  /** The clock, replaceable in tests (sale dates, token expiry, job schedules). */
  now: () => Date;
}
