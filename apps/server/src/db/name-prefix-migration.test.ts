import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { suggestUncached } from '../modules/catalog/suggestions';
import { demoRowsReadBack, demoShopUpTo, migrationsUpTo, tableSnapshot } from '../testing/migration-steps';
import { migrate, queryRows } from './client';

/**
 * Migration 0025 (the name prefix index of shown products, holding their names) on the demo shop seeded by the
 * schema before it: every row of every table comes through as it was, the index is the new one, and suggestions
 * answer as before. Runs on PGlite, or on the PostgreSQL server in DATABASE_URL.
 */

const { database, drop } = await demoShopUpTo('ph_mig25', 24);
afterAll(drop);

const prefixIndex = async () =>
  (
    await queryRows<{ def: string }>(
      database.db,
      sql`select indexdef as def from pg_indexes where indexname = 'products_name_prefix_idx'`,
    )
  ).map((r) => r.def);
const suggestions = async () => ({
  name: await suggestUncached(database.db, ['samsung', 'gal']),
  words: await suggestUncached(database.db, ['dell', 'xp']),
  brand: await suggestUncached(database.db, ['len']),
});

const seeded = await tableSnapshot(database.db);
const seededRows = await demoRowsReadBack(database.db);
const indexBefore = await prefixIndex();
const suggestedBefore = await suggestions();

const upTo25 = migrationsUpTo(25);
expect(upTo25.tags.at(-1)).toBe('0025_name_prefix_shown_covering');
await migrate(database, upTo25.folder);

describe('migration 0025 on the demo shop', () => {
  it('keeps every row of every table as it was', async () => {
    expect(seeded.products!.rows).toBeGreaterThan(0);
    expect(await tableSnapshot(database.db)).toEqual(seeded);
    expect(await demoRowsReadBack(database.db)).toEqual(seededRows);
  });

  it('replaces the name prefix index by one of shown products that holds their names', async () => {
    expect(indexBefore).toHaveLength(1);
    expect(indexBefore[0]).not.toMatch(/INCLUDE/);
    const [after] = await prefixIndex();
    expect(after).toMatch(/lower\(name\) text_pattern_ops\) INCLUDE \(name\) WHERE visible/);
  });

  it('suggests the same names as before', async () => {
    expect(suggestedBefore.name.length).toBeGreaterThan(0);
    expect(suggestedBefore.name.every((s) => s.toLowerCase().startsWith('samsung gal'))).toBe(true);
    expect(suggestedBefore.words.length).toBeGreaterThan(0);
    expect(await suggestions()).toEqual(suggestedBefore);
  });
});
