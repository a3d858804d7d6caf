/**
 * The benchmark catalogues: the demo shop plus `npm run seed -- --products N` generated catalogue products, made once
 * and kept (a PostgreSQL database, a PGlite directory), so later runs measure without seeding again.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';

/** Seeds the database in `env` (DATABASE_URL, or PGlite in DATA_DIR) with the demo shop, then `products` more. */
export function seedCatalogue(env: Record<string, string>, products: number): void {
  const args = ['tsx', 'apps/server/src/db/seed/cli.ts', ...(products > 0 ? ['--products', String(products)] : [])];
  const seeded = spawnSync('npx', args, {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, PORT: '1', ...env },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding the benchmark catalogue failed');
}

/** Creates the PostgreSQL database and seeds it with `products` catalogue products when it does not exist yet. */
export async function ensurePostgresCatalogue(url: string, products: number): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    console.log(`\nCreating the database ${name} and seeding it with ${products} products (first run only)…`);
    await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  seedCatalogue({ DATABASE_URL: url }, products);
}
