import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { MailTransport } from './adapters/mail/transport';
import type { PaymentGateways } from './adapters/payments/gateway';
import type { FileStorage } from './adapters/storage/file-storage';

/** What every module receives: the database handle and the adapters, never imported as globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mail: MailTransport;
  /** Card payments: Stripe, or the built-in test gateway (adapters/payments/gateway.ts). */
  payments: PaymentGateways;
  /** Uploaded files: DATA_DIR/uploads, or an S3 bucket (STORAGE=s3). */
  storage: FileStorage;
  /** The clock, replaceable in tests (sale dates, token expiry, job schedules). */
  now: () => Date;
}
