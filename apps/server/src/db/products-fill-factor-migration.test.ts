import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { demoRowsReadBack, demoShopUpTo, migrationsUpTo, tableSnapshot } from '../testing/migration-steps';
import { migrate, queryRows, type Db } from './client';

/**
 * Migration 0021 (catalogue products' pages filled to half, so that a change of a product's offer count is a HOT
 * update) on the demo shop seeded by the schema before it: every row of every table comes through as it was, and
 * afterwards a second store's offers change 200 new products' offer counts without touching an index. Runs on PGlite,
 * or on the PostgreSQL server in DATABASE_URL.
 */

const { database, drop } = await demoShopUpTo('ph_mig21', 20);
afterAll(drop);
const fillFactor = async () =>
  (
    await queryRows<{ options: string[] | null }>(
      database.db,
      sql`select reloptions as options from pg_class where relname = 'products'`,
    )
  )[0]!.options;

const seeded = await tableSnapshot(database.db);
const seededRows = await demoRowsReadBack(database.db);
const optionsBefore = await fillFactor();

const upTo21 = migrationsUpTo(21);
expect(upTo21.tags.at(-1)).toBe('0021_products_fill_factor');
await migrate(database, upTo21.folder);

/** This transaction's updates of `products` so far, and how many of them were heap-only (HOT). */
const productUpdates = async (tx: Db) =>
  (
    await queryRows<{ updated: number; hot: number }>(
      tx,
      sql`select n_tup_upd::int as updated, n_tup_hot_upd::int as hot
          from pg_stat_xact_user_tables where relname = 'products'`,
    )
  )[0]!;

describe('migration 0021 on the demo shop', () => {
  it('keeps every row of every table as it was (counts, digests, and rows read back)', async () => {
    expect(seeded.products!.rows).toBeGreaterThan(0);
    expect(await tableSnapshot(database.db)).toEqual(seeded);
    expect(await demoRowsReadBack(database.db)).toEqual(seededRows);
    expect(seededRows).toHaveLength(9);
  });

  it('fills new pages of products to half', async () => {
    expect(optionsBefore).toBeNull();
    expect(await fillFactor()).toEqual(['fillfactor=50']);
  });

  it("then lets a second store's offers change products' offer counts without touching their indexes", async () => {
    await database.db
      .transaction(async (tx) => {
        // 200 products, each made with the summary its first store's offer gives it (as ingestion makes them), and that
        // offer; then a second store offers each at a higher price, so only the offer counts change.
        await tx.execute(sql`insert into external_stores (name, slug) values ('Mig21 One', 'mig21-one'),
                             ('Mig21 Two', 'mig21-two')`);
        await tx.execute(
          sql`insert into products (name, brand, category, match_key, lowest_price, offer_count, in_stock, visible)
            select 'Mig21 Phone ' || g, 'Mig21', 'mobile', 'mig21|' || g, 10000 + g, 1, true, true
            from generate_series(1, 200) g`,
        );
        const offersFrom = (slug: string, extra: number) =>
          tx.execute(
            sql`insert into offers (external_store_id, product_id, store_item_id, url, name, price)
              select s.id, p.id, p.match_key, 'https://mig21.test/' || p.id, p.name, p.lowest_price + ${extra}
              from products p, external_stores s where p.brand = 'Mig21' and s.slug = ${slug}`,
          );
        await offersFrom('mig21-one', 0);
        const before = await productUpdates(tx);
        await offersFrom('mig21-two', 500);
        const after = await productUpdates(tx);

        const [counts] = await queryRows<{ two: number; lowest: number }>(
          tx,
          sql`select count(*) filter (where offer_count = 2)::int as two, min(lowest_price)::int as lowest
            from products where brand = 'Mig21'`,
        );
        expect(counts).toEqual({ two: 200, lowest: 10_001 });
        expect(after.updated - before.updated).toBe(200);
        expect(after.hot - before.hot).toBe(200);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });
});

/** Thrown to roll the test's writes back. */
class Rollback extends Error {}
