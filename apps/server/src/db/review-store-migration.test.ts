import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { demoShopUpTo, forgetLatestMigrations, tableSnapshot } from '../testing/migration-steps';
import { migrate, queryRows } from './client';

/**
 * Migration 0016 (a review keeps the store that sold its order line) on the demo shop. Today's seed writes
 * `reviews.store_id` as the app does; the test then takes the demo back to how it stood before 0016 (the column gone,
 * 0016 not applied) and migrates again: the backfill must give every review the store the app gave it, and every
 * other row must come through untouched. Runs on PGlite, or on the PostgreSQL server in DATABASE_URL.
 */

const { database, drop, folder, tags } = await demoShopUpTo('ph_mig16', 16);
afterAll(drop);

const snapshot = () => tableSnapshot(database.db);

expect(tags.at(-1)).toBe('0016_review_store');
const asWritten = await snapshot();
const [written] = await queryRows<{ fromOrders: number; withStore: number; mismatched: number }>(
  database.db,
  sql`select count(*) filter (where r.order_line_id is not null)::int as "fromOrders",
        count(r.store_id)::int as "withStore",
        count(*) filter (where r.store_id is distinct from o.store_id)::int as mismatched
      from reviews r left join order_lines ol on ol.id = r.order_line_id left join orders o on o.id = ol.order_id`,
);

// Back to the shop as 0015 left it: no column, and 0016 not recorded as applied.
await database.db.execute(sql`alter table reviews drop column store_id`);
await forgetLatestMigrations(database.db, 1);
const before = await snapshot();
await migrate(database, folder);

describe('migration 0016 on the demo shop', () => {
  it('is run on a shop whose reviews include some written from orders', () => {
    expect(written!.fromOrders).toBeGreaterThan(10);
    expect(written!.withStore).toBe(written!.fromOrders);
    expect(written!.mismatched).toBe(0);
    expect(before.reviews!.digest).not.toBe(asWritten.reviews!.digest);
  });

  it('gives each review the store of its order line, as the app writes it, and keeps every row', async () => {
    expect(await snapshot()).toEqual(asWritten);
  });
});
