import { afterAll, describe, expect, it } from 'vitest';
import { replayFunctionMigration } from '../testing/function-migration';

/**
 * Migration 0017 (the change triggers find an update's changed rows with EXCEPT) on the demo shop, taken back to the
 * functions 0015 made and migrated again: every row of every table must come through as it was, and the five
 * functions must be 0017's.
 */

const REPLACED = [
  'products_catalogue_changed',
  'listings_catalogue_changed',
  'offers_catalogue_changed',
  'stores_catalogue_changed',
  'external_stores_catalogue_changed',
];

const replay = await replayFunctionMigration(17, '0017_change_notify_linear', [
  { file: '0015_catalogue_change_notify.sql', names: REPLACED },
]);
afterAll(replay.drop);

describe('migration 0017 on the demo shop', () => {
  it('runs on a shop with rows in every table the triggers watch, and 0015 functions in place', () => {
    for (const table of ['products', 'listings', 'offers', 'stores', 'orders', 'reviews']) {
      expect(replay.seeded[table]!.rows, table).toBeGreaterThan(0);
    }
    for (const name of REPLACED) expect(replay.before[name], name).not.toMatch(/EXCEPT/);
  });

  it('keeps every row of every table as it was (counts, digests, and rows read back)', () => {
    expect(replay.migrated).toEqual(replay.seeded);
    expect(replay.migratedRows).toEqual(replay.seededRows);
    expect(replay.seededRows).toHaveLength(9);
  });

  it("replaces the five functions with 0017's", () => {
    for (const name of REPLACED) expect(replay.after[name], name).toMatch(/EXCEPT/);
  });
});
