import { z } from 'zod';
import { isoDay, isoTime } from './response';

/** GET /api/operator/dashboard: the platform's figures over the last 30 or 90 days. */
export const platformDashboardQuery = z.object({
  days: z.coerce
    .number({ error: 'Days must be 30 or 90' })
    .refine((d) => d === 30 || d === 90, 'Days must be 30 or 90')
    .default(30),
});
export type PlatformDashboardQuery = z.infer<typeof platformDashboardQuery>;

/** One day of trade (UTC): orders placed that count (not cancelled, not an unpaid or abandoned card payment). */
export const tradeDay = z.object({
  date: isoDay,
  orders: z.number().int(),
  /** Paisa. */
  gmv: z.number().int(),
});
export type TradeDay = z.infer<typeof tradeDay>;

export const storeFreshness = z.object({
  id: z.number().int(),
  name: z.string(),
  paused: z.boolean(),
  intervalMinutes: z.number(),
  offers: z.number().int(),
  /** When the least recently checked of its available offers was checked: how old its oldest price is. */
  oldestCheckAt: isoTime.nullable(),
  lastRefreshAt: isoTime.nullable(),
  /** No refresh within twice its interval. */
  stale: z.boolean(),
});
export type StoreFreshness = z.infer<typeof storeFreshness>;

export const ingestionFailure = z.object({
  runId: z.number().int(),
  store: z.string(),
  at: isoTime,
  /** The run's own error when it failed as a whole; else null. */
  error: z.string().nullable(),
  failed: z.number().int(),
  /** The first few items' reasons. */
  reasons: z.array(z.string()),
});
export type IngestionFailure = z.infer<typeof ingestionFailure>;

export const searchMiss = z.object({ term: z.string(), count: z.number().int() });
export type SearchMiss = z.infer<typeof searchMiss>;

/** GET /api/operator/dashboard. */
export const platformDashboard = z.object({
  days: z.number().int(),
  trade: z.array(tradeDay),
  totals: z.object({ orders: z.number().int(), gmv: z.number().int() }),
  /** Open stores that received a counted order in the period, and all open stores. */
  activeSellers: z.number().int(),
  openStores: z.number().int(),
  freshness: z.array(storeFreshness),
  ingestionFailures: z.array(ingestionFailure),
  noResultSearches: z.array(searchMiss),
  openReports: z.number().int(),
  openEscalations: z.number().int(),
});
export type PlatformDashboard = z.infer<typeof platformDashboard>;
