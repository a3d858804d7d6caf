import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { demoRowsReadBack, demoShopUpTo, migrationsUpTo, tableSnapshot } from '../testing/migration-steps';
import { migrate, queryRows } from './client';

/**
 * Migration 0022 (the frequencies of catalogue products' (category, brand, RAM) combinations, for the planner) on the
 * demo shop seeded by the schema before it: every row of every table comes through as it was, and afterwards a
 * filtered page of a combination no product has is not looked for by walking the whole catalogue in best-selling
 * order. Runs on PGlite, or on the PostgreSQL server in DATABASE_URL.
 */

const { database, drop } = await demoShopUpTo('ph_mig22', 21);
afterAll(drop);

const seeded = await tableSnapshot(database.db);
const seededRows = await demoRowsReadBack(database.db);

const upTo22 = migrationsUpTo(22);
expect(upTo22.tags.at(-1)).toBe('0022_products_facet_statistics');
await migrate(database, upTo22.folder);

/** The plan of the first page of `where` in best-selling order, as search asks for a filtered page without words. */
const planOf = async (where: string) =>
  (
    await queryRows<{ 'QUERY PLAN': string }>(
      database.db,
      sql.raw(`explain (costs off) select p.id from products p where p.visible and ${where}
               order by units_sold desc, views desc, id asc limit 20`),
    )
  )
    .map((r) => r['QUERY PLAN'])
    .join('\n');

describe('migration 0022 on the demo shop', () => {
  it('keeps every row of every table as it was (counts, digests, and rows read back)', async () => {
    expect(seeded.products!.rows).toBeGreaterThan(0);
    expect(await tableSnapshot(database.db)).toEqual(seeded);
    expect(await demoRowsReadBack(database.db)).toEqual(seededRows);
  });

  it('then finds a page of a (category, RAM) combination no product has without walking the best-sellers', async () => {
    // 20,000 products: phones with 4, 8 or 12 GB, laptops with 16 or 32 GB, all sold a little, none a 32 GB phone.
    await database.db.execute(
      sql`insert into products (name, brand, category, match_key, ram_gb, lowest_price, units_sold, views, visible)
          select 'Mig22 ' || g, case g % 4 when 0 then 'Mig22 A' when 1 then 'Mig22 B' when 2 then 'Mig22 C'
                                else 'Mig22 D' end,
                 (case when g % 2 = 0 then 'mobile' else 'laptop' end)::category, 'mig22|' || g,
                 case when g % 2 = 0 then (array[4, 8, 12])[1 + g % 3] else (array[16, 32])[1 + g % 5 % 2] end,
                 10000 + g, g % 97, g % 89, true
          from generate_series(1, 20000) g`,
    );
    await database.db.execute(sql`analyze products`);

    const none = await planOf(`p.category = 'mobile' and p.ram_gb = 32`);
    expect(none).not.toContain('products_rank_idx');
    // One of the facet indexes, read for that combination's entries only.
    expect(none).toMatch(/Index Only Scan using products_facet_\w+_idx/);
  });
});
