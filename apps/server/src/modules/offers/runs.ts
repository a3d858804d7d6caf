import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { ExternalStoreRun } from '@pricehub/shared/schemas/operator-external-stores';
import { queryRows, type Db } from '../../db/client';
import { externalStoreFiles, externalStoreRuns, externalStores } from '../../db/schema';

export type RunTrigger = ExternalStoreRun['trigger'];
type RunRow = typeof externalStoreRuns.$inferSelect;

/** A run still "running" after this long was cut off (its server stopped): it no longer blocks a new one. */
const STALE_MS = 60 * 60_000;
/** A run keeps this many failures with their reason; `failed` counts all of them. */
const KEPT_FAILURES = 200;

export const toRun = (r: RunRow): ExternalStoreRun => ({
  id: r.id,
  storeId: r.storeId,
  trigger: r.trigger as RunTrigger,
  status: r.status as ExternalStoreRun['status'],
  phase: r.phase as ExternalStoreRun['phase'],
  done: r.done,
  total: r.total,
  new: r.newCount,
  updated: r.updatedCount,
  unchanged: r.unchangedCount,
  unavailable: r.unavailableCount,
  failed: r.failedCount,
  failures: r.failures,
  error: r.error,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** The store's run under way, if any (a stale one is marked failed first). */
export async function runningRun(db: Db, storeId: number, now: Date): Promise<RunRow | undefined> {
  await db
    .update(externalStoreRuns)
    .set({ status: 'failed', error: 'interrupted (the server stopped during the run)', finishedAt: now })
    .where(
      and(
        eq(externalStoreRuns.storeId, storeId),
        eq(externalStoreRuns.status, 'running'),
        lt(externalStoreRuns.startedAt, new Date(now.getTime() - STALE_MS)),
      ),
    );
  const [run] = await db
    .select()
    .from(externalStoreRuns)
    .where(and(eq(externalStoreRuns.storeId, storeId), eq(externalStoreRuns.status, 'running')));
  return run;
}

/** Records the start of a run; call it in the transaction that decided to run (and wrote its audit row). */
export async function startRun(db: Db, storeId: number, trigger: RunTrigger, now: Date): Promise<RunRow> {
  const [run] = await db.insert(externalStoreRuns).values({ storeId, trigger, startedAt: now }).returning();
  return run!;
}

export async function findRun(db: Db, storeId: number, runId: number): Promise<RunRow | undefined> {
  const [run] = await db
    .select()
    .from(externalStoreRuns)
    .where(and(eq(externalStoreRuns.id, runId), eq(externalStoreRuns.storeId, storeId)));
  return run;
}

export async function recentRuns(db: Db, storeId: number, limit = 20): Promise<ExternalStoreRun[]> {
  const rows = await db
    .select()
    .from(externalStoreRuns)
    .where(eq(externalStoreRuns.storeId, storeId))
    .orderBy(desc(externalStoreRuns.startedAt), desc(externalStoreRuns.id))
    .limit(limit);
  return rows.map(toRun);
}

/** The newest run of each store. */
export async function latestRuns(db: Db): Promise<Map<number, ExternalStoreRun>> {
  const rows = await db
    .selectDistinctOn([externalStoreRuns.storeId])
    .from(externalStoreRuns)
    .orderBy(externalStoreRuns.storeId, desc(externalStoreRuns.startedAt), desc(externalStoreRuns.id));
  return new Map(rows.map((r) => [r.storeId, toRun(r)]));
}

/** What a started run ingests: its store's name, source and format, and the file an operator uploaded, if any. */
export async function runJob(db: Db, runId: number) {
  const [job] = await db
    .select({
      name: externalStores.name,
      source: externalStores.source,
      format: externalStores.format,
      fileName: externalStoreFiles.fileName,
      content: externalStoreFiles.content,
    })
    .from(externalStoreRuns)
    .innerJoin(externalStores, eq(externalStores.id, externalStoreRuns.storeId))
    .leftJoin(externalStoreFiles, eq(externalStoreFiles.storeId, externalStores.id))
    .where(eq(externalStoreRuns.id, runId));
  return job;
}

/** A running run's phase and progress. Progress is advisory: a lost write is overtaken by the next one. */
export function recordRunProgress(db: Db, runId: number, progress: { phase: string; done: number; total: number }) {
  void db
    .update(externalStoreRuns)
    .set(progress)
    .where(and(eq(externalStoreRuns.id, runId), eq(externalStoreRuns.status, 'running')))
    .catch(() => {});
}

/** A run ends, done with its counts or failed with its reason. */
export async function finishRun(
  db: Db,
  runId: number,
  values: Partial<typeof externalStoreRuns.$inferInsert>,
  finishedAt: Date,
): Promise<void> {
  await db
    .update(externalStoreRuns)
    .set({ ...values, finishedAt })
    .where(eq(externalStoreRuns.id, runId));
}

/** What an ingestion reports of a run: how many items were new, updated, unchanged, gone or failed, and why. */
export interface RunCounts {
  new: number;
  updated: number;
  unchanged: number;
  unavailable: number;
  failed: number;
  failures: { where: string; reason: string }[];
}

/** A report's counts and its first failures, as a run's row keeps them. */
export const reportCounts = (report: RunCounts) => ({
  newCount: report.new,
  updatedCount: report.updated,
  unchangedCount: report.unchanged,
  unavailableCount: report.unavailable,
  failedCount: report.failed,
  failures: report.failures.slice(0, KEPT_FAILURES),
});

/** Records a run of `npm run ingest` (by itself or handed to the server) in the store's history, with its report. */
export async function recordCommandRun(
  db: Db,
  report: RunCounts & { store: { id: number } },
  startedAt: Date,
  finishedAt: Date,
): Promise<void> {
  await db.insert(externalStoreRuns).values({
    storeId: report.store.id,
    trigger: 'command',
    status: 'done',
    startedAt,
    finishedAt,
    ...reportCounts(report),
  });
}

/** How many offers each store has, and how many of them are available now. */
export async function offerCounts(db: Db): Promise<Map<number, { total: number; available: number }>> {
  const rows = await queryRows<{ store_id: number; total: number; available: number }>(
    db,
    sql`select external_store_id as store_id, count(*)::int as total,
               count(*) filter (where available)::int as available
        from offers group by external_store_id`,
  );
  return new Map(rows.map((r) => [r.store_id, { total: r.total, available: r.available }]));
}
