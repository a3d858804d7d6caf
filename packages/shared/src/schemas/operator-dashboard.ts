import { z } from 'zod';

/** GET /api/operator/dashboard: the platform's figures over the last 30 or 90 days. */
export const platformDashboardQuery = z.object({
  days: z.coerce
    .number({ error: 'Days must be 30 or 90' })
    .refine((d) => d === 30 || d === 90, 'Days must be 30 or 90')
    .default(30),
});
export type PlatformDashboardQuery = z.infer<typeof platformDashboardQuery>;

/** One day of trade (UTC): orders placed that count (not cancelled, not an unpaid or abandoned card payment). */
export interface TradeDay {
  date: string;
  orders: number;
  /** Paisa. */
  gmv: number;
}

export interface StoreFreshness {
  id: number;
  name: string;
  paused: boolean;
  intervalMinutes: number;
  offers: number;
  /** When the least recently checked of its available offers was checked: how old its oldest price is. */
  oldestCheckAt: string | null;
  lastRefreshAt: string | null;
  /** No refresh within twice its interval. */
  stale: boolean;
}

export interface IngestionFailure {
  runId: number;
  store: string;
  at: string;
  /** The run's own error when it failed as a whole; else null. */
  error: string | null;
  failed: number;
  /** The first few items' reasons. */
  reasons: string[];
}

export interface SearchMiss {
  term: string;
  count: number;
}

export interface PlatformDashboard {
  days: number;
  trade: TradeDay[];
  totals: { orders: number; gmv: number };
  /** Open stores that received a counted order in the period, and all open stores. */
  activeSellers: number;
  openStores: number;
  freshness: StoreFreshness[];
  ingestionFailures: IngestionFailure[];
  noResultSearches: SearchMiss[];
  openReports: number;
  openEscalations: number;
}
