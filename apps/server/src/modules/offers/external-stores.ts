import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { externalStoreFiles, externalStores } from '../../db/schema';

/**
 * The SQL an operator's management of other stores needs (decision 023): the stores with their uploaded files, a
 * store locked while it changes, what deleting one takes with it; and the platform dashboard's freshness and failed
 * runs. Runs themselves are in runs.ts.
 */

export type ExternalStoreRow = typeof externalStores.$inferSelect;
export type ExternalStoreFile = Pick<typeof externalStoreFiles.$inferInsert, 'fileName' | 'content' | 'uploadedAt'>;

/** Every store with its uploaded file's name (null for a store read from an address), by name. */
export function externalStoresWithFiles(db: Db): Promise<{ store: ExternalStoreRow; fileName: string | null }[]> {
  return db
    .select({ store: externalStores, fileName: externalStoreFiles.fileName })
    .from(externalStores)
    .leftJoin(externalStoreFiles, eq(externalStoreFiles.storeId, externalStores.id))
    .orderBy(asc(sql`lower(${externalStores.name})`), asc(externalStores.id));
}

/** Store `id`'s row locked for this transaction, with its uploaded file's name; undefined when there is none. */
export async function lockExternalStore(
  tx: Db,
  id: number,
): Promise<{ row: ExternalStoreRow; fileName: string | null } | undefined> {
  const [row] = await tx.select().from(externalStores).where(eq(externalStores.id, id)).for('update');
  if (!row) return undefined;
  const [file] = await tx
    .select({ fileName: externalStoreFiles.fileName })
    .from(externalStoreFiles)
    .where(eq(externalStoreFiles.storeId, id));
  return { row, fileName: file?.fileName ?? null };
}

/** Whether another store (not `except`) has this name, whatever its case. */
export async function externalStoreNameTaken(tx: Db, name: string, except?: number): Promise<boolean> {
  const [taken] = await queryRows<{ id: number }>(
    tx,
    sql`select id from external_stores where lower(name) = lower(${name}) and id <> ${except ?? 0}`,
  );
  return taken !== undefined;
}

export async function updateExternalStoreRow(
  tx: Db,
  id: number,
  changes: Partial<
    Pick<ExternalStoreRow, 'name' | 'source' | 'homepage' | 'format' | 'refreshIntervalMinutes' | 'paused'>
  >,
): Promise<ExternalStoreRow> {
  const [row] = await tx.update(externalStores).set(changes).where(eq(externalStores.id, id)).returning();
  return row!;
}

/** The file a store added by upload reads, kept so that each run reads it again. */
export async function insertExternalStoreFile(tx: Db, storeId: number, file: ExternalStoreFile): Promise<void> {
  await tx.insert(externalStoreFiles).values({ storeId, ...file });
}

export async function replaceExternalStoreFile(tx: Db, storeId: number, file: ExternalStoreFile): Promise<void> {
  await tx.update(externalStoreFiles).set(file).where(eq(externalStoreFiles.storeId, storeId));
}

/** How many offers store `id` has, and how many price points they have recorded (what deleting it removes). */
export async function externalStoreHoldings(tx: Db, id: number): Promise<{ offers: number; points: number }> {
  const [counts] = await queryRows<{ offers: number; points: number }>(
    tx,
    sql`select (select count(*)::int from offers where external_store_id = ${id}) as offers,
               (select count(*)::int from price_points pp join offers o on o.id = pp.offer_id
                where o.external_store_id = ${id}) as points`,
  );
  return counts ?? { offers: 0, points: 0 };
}

/**
 * Deletes store `id` with its offers, their price history and reviews (migration 0023's cascades and the reviews'
 * foreign key); the catalogue's triggers recount each product's lowest price and offer count, and the products
 * themselves stay.
 */
export async function deleteExternalStoreRow(tx: Db, id: number): Promise<void> {
  await tx.delete(externalStores).where(eq(externalStores.id, id));
}

/** A store's freshness on the platform dashboard: its available offers and the oldest check among them. */
export interface ExternalStoreFreshness {
  id: number;
  name: string;
  paused: boolean;
  intervalMinutes: number;
  offers: number;
  oldestCheck: Date | string | null;
  lastRefresh: Date | string | null;
}

/** Every store's freshness, the stalest first. */
export function externalStoreFreshness(db: Db): Promise<ExternalStoreFreshness[]> {
  return queryRows<ExternalStoreFreshness>(
    db,
    sql`select s.id, s.name, s.paused, s.refresh_interval_minutes as "intervalMinutes",
               count(o.id)::int as offers, min(o.last_checked_at) as "oldestCheck",
               s.last_refreshed_at as "lastRefresh"
        from external_stores s left join offers o on o.external_store_id = s.id and o.available
        group by s.id order by min(o.last_checked_at) nulls first, s.name`,
  );
}

/** A run that failed, or failed some items, with up to three of its reasons. */
export interface FailedRun {
  id: number;
  store: string;
  at: Date | string;
  error: string | null;
  failed: number;
  reasons: string[] | null;
}

/** The latest 20 runs started since `since` that failed or failed some items, the latest first. */
export function failedRunsSince(db: Db, since: Date): Promise<FailedRun[]> {
  return queryRows<FailedRun>(
    db,
    sql`select r.id, s.name as store, coalesce(r.finished_at, r.started_at) as at, r.error, r.failed_count as failed,
               (select array_agg(coalesce(f->>'reason', f->>'message', f #>> '{}'))
                from (select f from jsonb_array_elements(r.failures) f limit 3) x) as reasons
        from external_store_runs r join external_stores s on s.id = r.store_id
        where (r.status = 'failed' or r.failed_count > 0) and r.started_at >= ${since}
        order by r.started_at desc, r.id desc limit 20`,
  );
}
