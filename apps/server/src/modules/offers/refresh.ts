import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { evaluatePriceAlerts } from './alerts';
import type { FetcherOptions } from './fetcher';
import type { IngestReport } from './ingest';
import { executeRun, runningRun, startRun } from './runs';
import type { SourceFormat } from './sources';

interface DueStore {
  id: number;
  name: string;
  source: string;
  format: SourceFormat;
}

/**
 * Claims one store whose refresh is due. The claim moves last_refreshed_at forward in the same statement that
 * picks the row (FOR UPDATE SKIP LOCKED), so a second server polling at the same moment skips it.
 */
async function claimDueStore(ctx: AppContext): Promise<DueStore | undefined> {
  const now = ctx.now();
  const [store] = await queryRows<DueStore>(
    ctx.db,
    sql`update external_stores set last_refreshed_at = ${now}
        where id = (
          select id from external_stores
          where source is not null and source <> '' and not paused
            and (last_refreshed_at is null
                 or last_refreshed_at + make_interval(mins => refresh_interval_minutes) <= ${now})
          order by last_refreshed_at nulls first, id limit 1
          for update skip locked)
        returning id, name, source, format`,
  );
  return store;
}

/** Refreshes every due store once, then evaluates price alerts against the new prices. */
export async function refreshDueStores(
  ctx: AppContext,
  fetcher?: Partial<FetcherOptions>,
): Promise<{ reports: IngestReport[]; alertsFired: number }> {
  const reports: IngestReport[] = [];
  const seen = new Set<number>();
  for (let store = await claimDueStore(ctx); store && !seen.has(store.id); store = await claimDueStore(ctx)) {
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
