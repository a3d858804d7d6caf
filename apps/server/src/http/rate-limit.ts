import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooMany } from './errors';

/**
 * A fixed-window limit counted twice: per account (an email, a user id, a visitor cookie) and per client address,
 * so neither a botnet aimed at one account nor one address trying many accounts gets through.
 */
export interface RateLimit {
  /** The counters' key prefix, e.g. 'login'. */
  name: string;
  windowSeconds: number;
  perAccount: number;
  perAddress: number;
}

/** Who is asking: `account` is left out where there is none (then only the address counts). */
export interface Caller {
  account?: string;
  address: string;
}

export const tooManyRequests = 'Too many requests. Please wait a while and try again.';

const counters = (limit: RateLimit, caller: Caller) => [
  ...(caller.account === undefined ? [] : [{ key: `${limit.name}:account:${caller.account}`, max: limit.perAccount }]),
  { key: `${limit.name}:address:${caller.address}`, max: limit.perAddress },
];

/**
 * Adds one hit and returns the count in the current window (a stale window restarts at 1). Counting and reading
 * are one statement, so parallel requests each see their own count and a burst cannot all pass on an old one.
 */
async function addHit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when r.window_start > now() - make_interval(secs => ${windowSeconds})
                       then r.count + 1 else 1 end,
          window_start = case when r.window_start > now() - make_interval(secs => ${windowSeconds})
                       then r.window_start else now() end
        returning count`,
  );
  return rows[0]?.count ?? 1;
}

/** Counts one hit for the caller on every counter and answers whether all of them are still within the limit. */
export async function takeHit(db: Db, limit: RateLimit, caller: Caller): Promise<boolean> {
  const all = counters(limit, caller);
  const counts = await Promise.all(all.map((c) => addHit(db, c.key, limit.windowSeconds)));
  return counts.every((count, i) => count <= all[i]!.max);
}

/** `takeHit`, answering 429 with `message` when the caller is over the limit. */
export async function enforceLimit(
  db: Db,
  limit: RateLimit,
  caller: Caller,
  message: string = tooManyRequests,
): Promise<void> {
  if (!(await takeHit(db, limit, caller))) throw tooMany(message);
}

/** Gives back a hit taken up front, for limits that count only failures (a login that succeeded). */
export async function refundHit(db: Db, limit: RateLimit, caller: Caller): Promise<void> {
  const keys = counters(limit, caller).map((c) => c.key);
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  await db.execute(sql`update rate_limits set count = count - 1 where key in (${list}) and count > 0`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Drops counters whose window began over a day before `now`: every limit's window is far shorter. */
export async function purgeOldRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - DAY_MS)));
}
