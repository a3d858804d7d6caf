import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { queryRows, type Database, type Db } from '../client';
import { listings, offers, products } from '../schema';
import * as schema from '../schema';
import { insertRows } from './batch';
import { copyRows } from './copy-in';

/** Visible products per facet key (category, brand, RAM, price step), as product_facet_counts holds them. */
export type FacetCounts = Map<
  string,
  { category: string; brand: string; ramGb: number; bucket: number; count: number }
>;

/** One batch of generated catalogue products with their listings and offers, summaries already filled in. */
export interface BulkBatch {
  products: (typeof products.$inferInsert)[];
  listings: (typeof listings.$inferInsert)[];
  offers: (typeof offers.$inferInsert)[];
  facets: FacetCounts;
}

export interface BulkWriter {
  /**
   * The writer's connection. On PostgreSQL it is free of the pool's statement timeout: the closing steps that read
   * the whole catalogue (the search dictionary, statistics) take longer than a request may at a million products.
   */
  db: Db;
  /** Writes a batch (not yet committed); the caller generates the next one meanwhile. */
  write(batch: BulkBatch): Promise<void>;
  /** Commits what is written. */
  finish(): Promise<void>;
  /** Releases the connection; what `finish` did not commit is rolled back. */
  close(): Promise<void>;
}

/** Batches per transaction: a failed seed keeps what it committed, and no transaction grows without end. */
const BATCHES_PER_COMMIT = 10;

/**
 * Statements opening each bulk transaction. The batch's rows arrive with their products' summaries (lowest price,
 * offer count, stock, visibility) already worked out and the facet counts added up, so, where allowed (a superuser,
 * as the seed and the tests connect), this transaction skips the triggers that would work them out row set by row
 * set, and the foreign-key checks of rows made consistent by construction. Other sessions keep their triggers.
 */
async function openTransaction(db: Db, bypassTriggers: boolean): Promise<void> {
  await db.execute(sql`begin`);
  // A crash loses at most the last commits of a seed that can simply be run again; the WAL flush is not waited for.
  await db.execute(sql`set local synchronous_commit = off`);
  if (bypassTriggers) await db.execute(sql`set local session_replication_role = replica`);
}

/** Adds the batch's visible products to product_facet_counts, in key order as the trigger does (no deadlocks). */
async function addFacetCounts(db: Db, facets: FacetCounts): Promise<void> {
  if (facets.size === 0) return;
  const rows = [...facets.values()];
  const column = (pick: (r: (typeof rows)[number]) => string | number) => sql.param(rows.map((r) => String(pick(r))));
  await db.execute(sql`
    insert into product_facet_counts as f (category, brand, ram_gb, bucket, count)
    select * from unnest(${column((r) => r.category)}::text[]::category[], ${column((r) => r.brand)}::text[],
                         ${column((r) => r.ramGb)}::text[]::int[], ${column((r) => r.bucket)}::text[]::int[],
                         ${column((r) => r.count)}::text[]::int[])
    order by 1, 2, 3, 4
    on conflict (category, brand, ram_gb, bucket) do update set count = f.count + excluded.count`);
}

async function canBypassTriggers(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ on: boolean }>(db, sql`select current_setting('is_superuser') = 'on' as on`);
  return row?.on === true;
}

/**
 * The indexes on the tables a bulk seed fills, other than those of primary keys (kept: ids are written in order,
 * so they only grow at their right edge). Rebuilding them once from sorted rows is several times cheaper than
 * updating a dozen of them (a GIN full-text index among them) for every row.
 */
async function secondaryIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  return queryRows(
    db,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        where i.indrelid in ('products'::regclass, 'listings'::regclass, 'offers'::regclass)
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
        order by i.indrelid, i.indexrelid`,
  );
}

export interface BulkWriterOptions {
  /**
   * Drop the secondary indexes for the load and build them again at the end, all in one transaction (PostgreSQL
   * only). Worth it when the load outgrows what the tables hold; the tables are locked for the whole seed.
   */
  rebuildIndexes: boolean;
  /** Told when the rows are in and the indexes are being built. */
  onIndexing?: () => void;
}

/**
 * PostgreSQL: COPY over a connection of its own, so the next batch is generated while this one is written (the
 * pool stays free for the caller's other reads, such as drawing ids). PGlite: INSERT … unnest, one transaction per
 * batch, on its one connection.
 */
export async function openBulkWriter(database: Database, options: BulkWriterOptions): Promise<BulkWriter> {
  if (database.kind === 'pglite' || !database.url) return insertWriter(database.db);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const db = drizzle(client, { schema }) as unknown as Db;
  try {
    const bypass = await canBypassTriggers(db);
    await openTransaction(db, bypass);
    const dropped = options.rebuildIndexes ? await secondaryIndexes(db) : [];
    for (const index of dropped) await db.execute(sql`drop index ${sql.raw(index.name)}`);
    let batches = 0;
    return {
      db,
      async write(batch) {
        await copyRows(client, products, batch.products);
        await copyRows(client, listings, batch.listings);
        await copyRows(client, offers, batch.offers);
        if (bypass) await addFacetCounts(db, batch.facets);
        // With the indexes gone, everything commits at once: other sessions never see the tables without them.
        if (dropped.length === 0 && ++batches % BATCHES_PER_COMMIT === 0) {
          await db.execute(sql`commit`);
          await openTransaction(db, bypass);
        }
      },
      async finish() {
        if (dropped.length > 0) {
          options.onIndexing?.();
          await db.execute(sql`set local maintenance_work_mem = '1GB'`);
          for (const index of dropped) await db.execute(sql.raw(index.definition));
        }
        await db.execute(sql`commit`);
      },
      close: () => client.end(),
    };
  } catch (error) {
    await client.end();
    throw error;
  }
}

function insertWriter(db: Db): BulkWriter {
  return {
    db,
    async write(batch) {
      await db.transaction(async (tx) => {
        const bypass = await canBypassTriggers(tx);
        if (bypass) await tx.execute(sql`set local session_replication_role = replica`);
        await insertRows(tx, products, batch.products);
        await insertRows(tx, listings, batch.listings);
        await insertRows(tx, offers, batch.offers);
        if (bypass) await addFacetCounts(tx, batch.facets);
      });
    },
    finish: async () => {},
    close: async () => {},
  };
}
