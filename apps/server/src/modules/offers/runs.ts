import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { ExternalStoreRun } from '@pricehub/shared/schemas/operator-external-stores';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { externalStoreFiles, externalStoreRuns, externalStores } from '../../db/schema';
import { evaluatePriceAlerts } from './alerts';
import type { FetcherOptions } from './fetcher';
import { ingestSource, type IngestReport } from './ingest';
import type { SourceFormat } from './sources';

export type RunTrigger = ExternalStoreRun['trigger'];
type RunRow = typeof externalStoreRuns.$inferSelect;

/** A run still "running" after this long was cut off (its server stopped): it no longer blocks a new one. */
const STALE_MS = 60 * 60_000;
/** Progress is written at most this often: a stream polls the row, any server may be running the ingestion. */
const PROGRESS_EVERY_MS = 250;
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

/**
 * Ingests the store of a started run (from its source, or its uploaded file), writing progress into the run row
 * and then the report; a run that throws is recorded as failed with the reason. Price alerts follow new prices
 * (the scheduler evaluates them once after all its stores instead).
 */
export async function executeRun(
  ctx: AppContext,
  runId: number,
  fetcher?: Partial<FetcherOptions>,
  { alerts = true }: { alerts?: boolean } = {},
): Promise<IngestReport | undefined> {
  const finish = (values: Partial<typeof externalStoreRuns.$inferInsert>) =>
    ctx.db
      .update(externalStoreRuns)
      .set({ ...values, finishedAt: ctx.now() })
      .where(eq(externalStoreRuns.id, runId));
  try {
    const [job] = await ctx.db
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
    if (!job) return undefined;
    let last = 0;
    let lastPhase = '';
    const report = await ingestSource(ctx, {
      store: job.name,
      source: job.source ?? '',
      format: job.format as SourceFormat,
      fetcher,
      ...(job.fileName !== null && job.content !== null
        ? { upload: { fileName: job.fileName, content: job.content } }
        : {}),
      progress: ({ phase, done, total }) => {
        const at = Date.now();
        if (phase === lastPhase && done < total && at - last < PROGRESS_EVERY_MS) return;
        last = at;
        lastPhase = phase;
        // Progress is advisory: a lost write is overtaken by the next one.
        void ctx.db
          .update(externalStoreRuns)
          .set({ phase, done, total })
          .where(and(eq(externalStoreRuns.id, runId), eq(externalStoreRuns.status, 'running')))
          .catch(() => {});
      },
    });
    await finish({ status: 'done', ...reportCounts(report) });
    if (alerts) await evaluatePriceAlerts(ctx);
    return report;
  } catch (error) {
    await finish({ status: 'failed', error: String((error as Error)?.message ?? error).slice(0, 500) }).catch(() => {});
    return undefined;
  }
}

/** Records a run of `npm run ingest` (by itself or handed to the server) in the store's history, with its report. */
export async function recordCommandRun(db: Db, report: IngestReport, startedAt: Date, finishedAt: Date): Promise<void> {
  await db.insert(externalStoreRuns).values({
    storeId: report.store.id,
    trigger: 'command',
    status: 'done',
    startedAt,
    finishedAt,
    ...reportCounts(report),
  });
}

/** A report's counts and its first failures, as a run's row keeps them. */
const reportCounts = (report: IngestReport) => ({
  newCount: report.new,
  updatedCount: report.updated,
  unchangedCount: report.unchanged,
  unavailableCount: report.unavailable,
  failedCount: report.failed,
  failures: report.failures.slice(0, KEPT_FAILURES),
});

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
