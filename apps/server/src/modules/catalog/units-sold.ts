import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../../jobs/scheduler';

/**
 * Catalogue products' units sold (home's top selling, the default order of results) from their listings. Kept here
 * rather than by a trigger: a trigger would rewrite the product's row, and every index on it, inside every checkout
 * (about 40 ms of a contended checkout's p95 on PGlite). Only rows whose count moved are written.
 */
export async function rollUpUnitsSold(db: Db): Promise<void> {
  await db.execute(sql`update products p set units_sold = s.sold
      from (select product_id, sum(units_sold)::int as sold from listings group by product_id) s
      where p.id = s.product_id and p.units_sold <> s.sold`);
}

/** Every minute: a sale shows in the rankings within a minute. */
export function catalogJobs(ctx: AppContext): JobDefinition[] {
  return [{ name: 'catalog:units-sold', intervalSeconds: 60, run: () => rollUpUnitsSold(ctx.db) }];
}
