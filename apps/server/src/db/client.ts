import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isPlannedPerRun } from './planned-per-run';
import { preparedPglite } from './pglite-statements';
import * as schema from './schema';
import { renderStalePosts } from '../modules/blogs/stored-render';
import { groupCatalogueOnce } from '../modules/catalog/catalogue-backfill';

/** The one database type services receive: the same for PGlite, a pg Pool, and a transaction of either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for the embedded database: backups dump its data directory through it. */
  pglite?: PGlite;
  /** Set for a PostgreSQL server. */
  url?: string;
  /**
   * Runs work on one connection held until it is done (the embedded database has only one). A read and the
   * transaction it decides on then run back to back, instead of queueing apart behind other requests' statements.
   */
  onOneConnection<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /** postgres://… for a PostgreSQL server; otherwise the embedded PGlite is used. */
  url?: string;
  /** PGlite's data directory; undefined means in-memory. */
  dataDir?: string;
  /** A PGlite data dump (from dumpDataDir) to start from instead of running initdb: used by tests. */
  loadDataDir?: Blob;
  poolSize?: number;
  /** PostgreSQL server: prepare each distinct statement once per connection (default). Off behind PgBouncer. */
  prepare?: boolean;
  /** PostgreSQL server: the server cancels a statement running longer than this (default 15 s). */
  statementTimeoutMs?: number;
  /** PostgreSQL server: opening a connection fails after this long (default 5 s), e.g. when the host is gone. */
  connectTimeoutMs?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Without these a dead or hung server holds every request (and a shutdown) forever.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      statement_timeout: options.statementTimeoutMs ?? 15_000,
      ...(options.prepare === false ? {} : { Client: PreparingClient }),
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // One drizzle handle per pooled connection, made once: building one reads the whole schema (~0.2 ms).
    const handles = new WeakMap<pg.PoolClient, Db>();
    const onOneConnection = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      let pinned = handles.get(client);
      if (!pinned) handles.set(client, (pinned = drizzlePg(client, { schema }) as unknown as Db));
      try {
        return await work(pinned);
      } finally {
        client.release();
      }
    };
    return { db, kind: 'postgres', url: options.url, onOneConnection, close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(preparedPglite(client), { schema }) as unknown as Db;
  // The embedded database is one connection: works that asked for it run one after another, as they would on a
  // pool of one (a checkout's transaction and, when it fails, its read of the shelves run back to back).
  let last: Promise<unknown> = Promise.resolve();
  const onOneConnection = <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const turn = last.then(() => work(db));
    last = turn.catch(() => undefined);
    return turn;
  };
  return { db, kind: 'pglite', pglite: client, onOneConnection, close: () => client.close() };
}

/** Applies the SQL migrations, then the one-off data steps that need code (see modules/catalog/catalogue-backfill). */
export async function migrate(database: Database, folder = migrationsFolder): Promise<void> {
  await withStartupLock(database, async () => {
    await (database.kind === 'pglite'
      ? migratePglite(database.db as never, { migrationsFolder: folder })
      : migratePg(database.db as never, { migrationsFolder: folder }));
    if (folder === migrationsFolder) {
      await groupCatalogueOnce(database.db);
      await renderStalePosts(database.db);
    }
  });
}

const STARTUP_LOCK = 4_827_001;

/**
 * Runs start-up work (migrations, the first seed) on one process at a time. Several servers may start at once on
 * one PostgreSQL database: an advisory lock, held on a connection of its own, lets one work while the others wait
 * and then find nothing left to do. PGlite lives in one process, so it needs no lock.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  const lock = new pg.Client({ connectionString: database.url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    await lock.end();
  }
}

/** Prepared statements kept per connection; the least recently prepared is deallocated beyond this. */
export const MAX_PREPARED_PER_CONNECTION = 500;

/**
 * A pg client that prepares every parameterised statement, named by a hash of its text, as postgres.js does by
 * default. PostgreSQL then parses each statement once per connection and, after a few runs, reuses its plan:
 * planning a join over `products` (a dozen indexes) costs more than running it, so this halves hot-path latency.
 */
class PreparingClient extends pg.Client {
  private readonly names = new Map<string, string>();

  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const query = config as { text?: string; name?: string; values?: unknown[] } | string;
    const params = (values ?? (typeof query === 'object' ? query?.values : undefined)) as unknown[] | undefined;
    // Only parameterised statements: a statement without values may hold several commands (migrations).
    // A statement whose best plan depends on its values stays unnamed: PostgreSQL plans it on every run.
    if (
      typeof query === 'object' &&
      query?.text &&
      !query.name &&
      params &&
      params.length > 0 &&
      !isPlannedPerRun(query.text)
    ) {
      config = { ...query, name: this.statementName(query.text) };
    }
    return (super.query as (...args: unknown[]) => never)(config, values, callback);
  }

  private statementName(text: string): string {
    let name = this.names.get(text);
    if (name) {
      // Refresh its place in the LRU order.
      this.names.delete(text);
      this.names.set(text, name);
      return name;
    }
    name = `ph_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    this.names.set(text, name);
    if (this.names.size > MAX_PREPARED_PER_CONNECTION) {
      const [oldText, oldName] = this.names.entries().next().value!;
      this.names.delete(oldText);
      const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
        .parsedStatements;
      delete parsed[oldName];
      // Queued behind whatever is running on this connection, so no statement in flight loses its plan.
      super.query(`deallocate ${oldName}`).catch(() => {});
    }
    return name;
  }
}

const preparedQueries = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle prepared query for a hot path, built once per database handle (the pool, each pinned connection)
 * instead of on every call: building a select with joins costs more than PostgreSQL takes to run it.
 */
export function preparedOn<T>(db: Db, name: string, build: (db: Db) => T): T {
  let queries = preparedQueries.get(db);
  if (!queries) preparedQueries.set(db, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (!query) queries.set(name, (query = build(db)));
  return query;
}

/** PostgreSQL's text form of an int[] ("{1,2,3}"): integers only, so it is safe to write into SQL text too. */
export const intArrayText = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** An int[] parameter (one text parameter cast, which both drivers send the same way): `= any(${intsParam(ids)})`. */
export const intsParam = (ids: readonly number[]): SQL => sql`${intArrayText(ids)}::int[]`;

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The `item` of every row `query` answers: a data export's entries, each built as JSON by the query (`… as item`). */
export async function queryItems(db: Db, query: SQL): Promise<unknown[]> {
  const rows = await queryRows<{ item: unknown }>(db, query);
  return rows.map((r) => r.item);
}

/**
 * SQL: a list of ids as a one-column subquery, for `where id in ${idList(ids)}`. One parameter (a JSON array) however
 * many ids, where Drizzle would send a parameter per id, and a statement of the same text for any count.
 */
export const idList = (ids: readonly number[]) =>
  sql`(select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`;
