/**
 * `npm run seed` seeds the demo shop into the configured database when it is empty.
 * `npm run seed -- --products 100000` also adds that many generated catalogue products, each listed by one to five
 * of our sellers and a third also offered by the comparison stores, for benchmarks.
 * Uses DATABASE_URL (PostgreSQL) when set, otherwise the embedded PGlite in DATA_DIR/pglite, as the server does.
 */
import { connect } from 'node:net';
import { join } from 'node:path';
import pino from 'pino';
import { openAppContext } from '../../cli/app-context';
import { loadCommandConfig } from '../../cli/command-line';
import { logTransport } from '../../adapters/mail/transport';
import { migrate, openDatabase, withStartupLock } from '../client';
import { seedBulkProducts } from './bulk';
import { DEMO_CUSTOMER, DEMO_OPERATOR, DEMO_SELLER } from './demo-accounts';
import { seedDemoOperator } from './demo-operator';
import { seedDemoIfEmpty } from './demo';
import { seedProgress } from './progress';

const USAGE = `Usage: npm run seed [-- --products N]
  Seeds the demo shop when the database is empty (DATABASE_URL, or PGlite in DATA_DIR/pglite); with
  NODE_ENV=production only when SEED_DEMO=1 is set.
  --products N   then adds N generated catalogue products (1 to 5,000,000), each listed by 1 to 5 of
                 our sellers, for benchmarks. On PostgreSQL, N at least as large as the catalogue
                 rebuilds its indexes at the end and locks the catalogue tables until then.`;

function parseArgs(argv: string[]): { products: number } | { error: string } | { help: true } {
  let products = 0;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    const value = arg === '--products' ? argv[++i] : arg.startsWith('--products=') ? arg.slice(11) : undefined;
    if (value === undefined) return { error: `Unknown argument: ${arg}` };
    const n = Number(value.replace(/[_,]/g, ''));
    if (!Number.isInteger(n) || n < 1 || n > 5_000_000)
      return { error: `--products must be a whole number from 1 to 5,000,000` };
    products = n;
  }
  return { products };
}

/** PGlite is single-process: writing under a running server would corrupt its data directory. */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if ('help' in args) {
    console.log(USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`${args.error}\n${USAGE}`);
    return 2;
  }
  const config = loadCommandConfig();
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl && (await portInUse(config.port))) {
    console.error(
      `Something is listening on port ${config.port}: a running PriceHub server holds the embedded database in ${pgliteDir}. Stop the server first.`,
    );
    return 1;
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : pgliteDir,
    poolSize: 4,
  });
  console.log(`Database: ${database.kind === 'pglite' ? `PGlite in ${pgliteDir}` : 'PostgreSQL (DATABASE_URL)'}`);
  const ctx = await openAppContext(config, database, logTransport(pino({ level: 'warn' })));
  try {
    await migrate(database);
    const started = performance.now();
    // The demo logins are public (README): production gets the demo shop only with SEED_DEMO=1. Seeding takes the
    // same lock as a starting server, so the two never both seed one PostgreSQL database.
    if (!config.seedDemo) {
      console.log('The demo shop is not seeded (NODE_ENV=production or SEED_DEMO=0); SEED_DEMO=1 seeds it.');
    } else if (await withStartupLock(database, () => seedDemoIfEmpty(ctx))) {
      console.log(`Seeded the demo shop in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
      if (config.env !== 'production') {
        console.log(`  demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
        console.log(`  demo seller:   ${DEMO_SELLER.email} / ${DEMO_SELLER.password}`);
      }
    } else {
      console.log('The database already has accounts; the demo shop was not seeded again.');
    }
    if (await withStartupLock(database, () => seedDemoOperator(ctx))) {
      console.log(`  demo operator: ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}`);
    }
    if (args.products > 0) {
      const bulkStarted = performance.now();
      console.log(`Adding ${args.products.toLocaleString('en-US')} catalogue products…`);
      const progress = seedProgress();
      try {
        await seedBulkProducts(ctx, args.products, progress);
      } finally {
        progress.done();
      }
      console.log(
        `Added ${args.products.toLocaleString('en-US')} catalogue products in ${((performance.now() - bulkStarted) / 1000).toFixed(1)} s.`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A failed query's error carries every bound value (thousands of rows): show the database's reason instead.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    console.error(`Seeding failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    process.exit(1);
  },
);
