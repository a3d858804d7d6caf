import { sql } from 'drizzle-orm';
import type { ProductQuery } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../db/client';

/** Lower case, single spaces: "iPhone  17" and "iphone 17" are one missing product. */
const normalise = (q: string) => q.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 100);

/**
 * Counts a first-page search by words alone that found nothing (filters narrow a search on purpose, so those are not
 * counted): the operators' dashboard lists the most frequent, which tell the catalogue team what is missing.
 */
export async function recordSearchMiss(db: Db, query: ProductQuery, resultJson: string, now: Date): Promise<void> {
  const term = query.q ? normalise(query.q) : '';
  const filtered = query.category || query.brand || query.ram !== undefined || query.store;
  const priced = query.minPrice !== undefined || query.maxPrice !== undefined;
  // The result starts with its items; only an empty first page is read further.
  if (term.length < 2 || query.page !== 1 || filtered || priced || !resultJson.startsWith('{"items":[]')) return;
  if ((JSON.parse(resultJson) as { total: number }).total !== 0) return;
  const day = now.toISOString().slice(0, 10);
  await db.execute(
    sql`insert into search_misses as m (term, day, count) values (${term}, ${day}, 1)
        on conflict (term, day) do update set count = m.count + 1`,
  );
}

/** The `limit` terms searched most often without a result over the last `days` days. */
export async function topSearchMisses(
  db: Db,
  days: number,
  now: Date,
  limit = 20,
): Promise<{ term: string; count: number }[]> {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  return queryRows<{ term: string; count: number }>(
    db,
    sql`select term, sum(count)::int as count from search_misses where day > ${since}
        group by term order by count desc, term limit ${limit}`,
  );
}
