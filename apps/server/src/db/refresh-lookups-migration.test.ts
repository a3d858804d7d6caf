import { afterAll, describe, expect, it } from 'vitest';
import { replayFunctionMigration } from '../testing/function-migration';

/**
 * Migration 0018 (refresh_products and the price points' change trigger look rows up by key) on the demo shop, taken
 * back to the functions 0005 and 0015 made and migrated again: every row of every table must come through as it
 * was, and both functions must be 0018's.
 */

const replay = await replayFunctionMigration(18, '0018_refresh_lookups_by_key', [
  { file: '0005_catalogue.sql', names: ['refresh_products'] },
  { file: '0015_catalogue_change_notify.sql', names: ['price_points_catalogue_changed'] },
]);
afterAll(replay.drop);

describe('migration 0018 on the demo shop', () => {
  it('runs on a shop with products, listings, offers and price points, and the earlier functions in place', () => {
    for (const table of ['products', 'listings', 'offers', 'price_points', 'orders']) {
      expect(replay.seeded[table]!.rows, table).toBeGreaterThan(0);
    }
    expect(replay.before.refresh_products).toMatch(/product_id = ANY \(ids\)/);
    expect(replay.before.price_points_catalogue_changed).toMatch(/JOIN offers/);
  });

  it('keeps every row of every table as it was (counts, digests, and rows read back)', () => {
    expect(replay.migrated).toEqual(replay.seeded);
    expect(replay.migratedRows).toEqual(replay.seededRows);
    expect(replay.seededRows).toHaveLength(9);
  });

  it("replaces both functions with 0018's lookups by key", () => {
    expect(replay.after.refresh_products).toMatch(/LEFT JOIN LATERAL/);
    expect(replay.after.price_points_catalogue_changed).toMatch(/WHERE o\.id = c\.offer_id/);
  });
});
