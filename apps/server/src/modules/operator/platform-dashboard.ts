import type {
  IngestionFailure,
  PlatformDashboard,
  StoreFreshness,
  TradeDay,
} from '@pricehub/shared/schemas/operator-dashboard';
import type { AppContext } from '../../context';
import { openStoreCounts } from '../accounts/stores';
import { topSearchMisses } from '../catalog/search-misses';
import { openEscalationCount } from '../complaints/escalations';
import { externalStoreFreshness, failedRunsSince } from '../offers/external-stores';
import { tradeByDay, tradingStoresSql } from '../orders/queries';
import { openReportCount } from '../reviews/moderation';

const DAY_MS = 86_400_000;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The platform at a glance over the last `days` days (UTC days, today included): trade per day, the sellers who
 * sold, how fresh each other store's prices are, the runs that failed, and what shoppers searched for in vain.
 */
export async function platformDashboard(ctx: AppContext, days: number): Promise<PlatformDashboard> {
  const now = ctx.now();
  const today = now.toISOString().slice(0, 10);
  const first = new Date(Date.parse(today) - (days - 1) * DAY_MS);
  const db = ctx.db;

  const [trade, sellers, freshness, failures, misses, openReports, openEscalations] = await Promise.all([
    tradeByDay(db, first.toISOString().slice(0, 10), today),
    openStoreCounts(db, tradingStoresSql(first)),
    externalStoreFreshness(db),
    failedRunsSince(db, first),
    topSearchMisses(db, days, now),
    openReportCount(db),
    openEscalationCount(db),
  ]);

  const tradeDays: TradeDay[] = trade.map((d) => ({ date: d.date, orders: d.orders, gmv: Number(d.gmv) }));
  const stores: StoreFreshness[] = freshness.map((s) => {
    const last = s.lastRefresh === null ? null : new Date(s.lastRefresh);
    return {
      id: s.id,
      name: s.name,
      paused: s.paused,
      intervalMinutes: s.intervalMinutes,
      offers: s.offers,
      oldestCheckAt: iso(s.oldestCheck),
      lastRefreshAt: iso(s.lastRefresh),
      stale: !s.paused && (last === null || now.getTime() - last.getTime() > 2 * s.intervalMinutes * 60_000),
    };
  });
  const ingestionFailures: IngestionFailure[] = failures.map((f) => ({
    runId: f.id,
    store: f.store,
    at: iso(f.at)!,
    error: f.error,
    failed: f.failed,
    reasons: f.reasons ?? [],
  }));
  return {
    days,
    trade: tradeDays,
    totals: {
      orders: tradeDays.reduce((n, d) => n + d.orders, 0),
      gmv: tradeDays.reduce((n, d) => n + d.gmv, 0),
    },
    activeSellers: sellers.among,
    openStores: sellers.open,
    freshness: stores,
    ingestionFailures,
    noResultSearches: misses,
    openReports,
    openEscalations,
  };
}
