import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { JobDefinition } from '../jobs/scheduler';
import type { Database } from './client';

/**
 * Gives the planner fresh table statistics after a bulk change (the demo seed, generated products). Without them it
 * guesses row counts, and a search on 10,000 products took twice as long (measured with bench/search.ts on PGlite:
 * "laptop" 15 ms -> 9 ms, suggestions for "lenvo" 9 ms -> 2 ms).
 */
export async function refreshStatistics(database: Database): Promise<void> {
  await database.db.execute(sql`analyze`);
}

/**
 * PGlite runs PostgreSQL as a single-user backend, so nothing runs autovacuum: without this job its tables would
 * keep dead rows (every view counted rewrites a product row) and the planner's statistics from the last seed.
 * Hourly, `vacuum analyze` takes about 0.25 s on 10,000 products. A PostgreSQL server does this itself.
 */
export function databaseJobs(ctx: AppContext): JobDefinition[] {
  if (ctx.database.kind !== 'pglite') return [];
  return [
    {
      name: 'db:vacuum-analyze',
      intervalSeconds: 3600,
      run: async () => {
        await ctx.db.execute(sql`vacuum analyze`);
      },
    },
  ];
}
