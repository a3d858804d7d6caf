import type { MailTransport } from '../adapters/mail/transport';
import { paymentGateways } from '../adapters/payments/gateway';
import { openStorage } from '../adapters/storage/open-storage';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Database } from '../db/client';

/**
 * The context a process (the server, a command) runs its work in: the database it opened, the storage and payments
 * its configuration chooses, and the real clock. Mail differs: the server sends it, commands only log or queue it.
 */
export async function openAppContext(config: Config, database: Database, mail: MailTransport): Promise<AppContext> {
  return {
    config,
    database,
    db: database.db,
    mail,
    storage: await openStorage(config),
    payments: paymentGateways(config),
    now: () => new Date(),
  };
}
