import type { AppContext } from '../../context';
import { evaluatePriceAlerts } from '../prices/alerts';
import { finishRun, recordRunProgress, reportCounts, runJob } from '../offers/runs';
import type { FetcherOptions } from './fetcher';
import { ingestSource, type IngestReport } from './ingest';
import type { SourceFormat } from './sources';

/** Progress is written at most this often: a stream polls the row, any server may be running the ingestion. */
const PROGRESS_EVERY_MS = 250;

/**
 * Ingests the store of a started run (from its source, or its uploaded file), writing progress into the run row
 * and then the report; a run that throws is recorded as failed with the reason. Price alerts follow new prices
 * (the scheduler evaluates them once after all its stores instead). The run's row is offers' (offers/runs.ts).
 */
export async function executeRun(
  ctx: AppContext,
  runId: number,
  fetcher?: Partial<FetcherOptions>,
  { alerts = true }: { alerts?: boolean } = {},
): Promise<IngestReport | undefined> {
  try {
    const job = await runJob(ctx.db, runId);
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
        recordRunProgress(ctx.db, runId, { phase, done, total });
      },
    });
    await finishRun(ctx.db, runId, { status: 'done', ...reportCounts(report) }, ctx.now());
    if (alerts) await evaluatePriceAlerts(ctx);
    return report;
  } catch (error) {
    const reason = String((error as Error)?.message ?? error).slice(0, 500);
    await finishRun(ctx.db, runId, { status: 'failed', error: reason }, ctx.now()).catch(() => {});
    return undefined;
  }
}
