import type { AppContext } from '../../context';
import { evaluatePriceAlerts } from '../prices/alerts';
import { claimDueStore } from '../offers/repository';
import { runningRun, startRun } from '../offers/runs';
import type { FetcherOptions } from './fetcher';
import type { IngestReport } from './ingest';
import { executeRun } from './runs';

/** Refreshes every due store once, then evaluates price alerts against the new prices. */
export async function refreshDueStores(
  ctx: AppContext,
  fetcher?: Partial<FetcherOptions>,
): Promise<{ reports: IngestReport[]; alertsFired: number }> {
  const reports: IngestReport[] = [];
  const seen = new Set<number>();
  for (
    let store = await claimDueStore(ctx.db, ctx.now());
    store && !seen.has(store.id);
    store = await claimDueStore(ctx.db, ctx.now())
  ) {
    seen.add(store.id);
    // A run an operator started is under way: this one would only repeat it.
    if (await runningRun(ctx.db, store.id, ctx.now())) continue;
    const run = await startRun(ctx.db, store.id, 'schedule', ctx.now());
    const report = await executeRun(ctx, run.id, fetcher, { alerts: false });
    if (report) reports.push(report);
  }
  const alertsFired = await evaluatePriceAlerts(ctx);
  return { reports, alertsFired };
}
