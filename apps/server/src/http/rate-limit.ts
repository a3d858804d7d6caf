import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * Fixed-window counters in the database, so that every server process sees the same count.
 * `count` returns the hits so far in the current window without adding one.
 */
export async function countHits(db: Db, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_limits where key = ${key}
        and window_start > now() - make_interval(secs => ${windowSeconds})`,
  );
  return rows[0]?.count ?? 0;
}

/** Adds one hit and returns the count in the current window (a stale window restarts at 1). */
export async function addHit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start > now() - make_interval(secs => ${windowSeconds})
                       then rate_limits.count + 1 else 1 end,
          window_start = case when rate_limits.window_start > now() - make_interval(secs => ${windowSeconds})
                       then rate_limits.window_start else now() end
        returning count`,
  );
  return rows[0]?.count ?? 1;
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
