import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { suggestUncached } from '../modules/catalog/suggestions';
import { demoRowsReadBack, demoShopUpTo, migrationsUpTo, tableSnapshot } from '../testing/migration-steps';
import { migrate, queryRows } from './client';

/**
 * Migration 0019 (partial indexes on the search dictionary) on the demo shop seeded by the schema before it: every
 * row of every table comes through as it was, the two indexes exist, and suggestions answer as before. Runs on
 * PGlite, or on the PostgreSQL server in DATABASE_URL.
 */

const { database, drop } = await demoShopUpTo('ph_mig19', 18);
afterAll(drop);

const indexes = async () =>
  (
    await queryRows<{ name: string }>(
      database.db,
      sql`select indexname as name from pg_indexes where tablename = 'search_terms' order by 1`,
    )
  ).map((r) => r.name);
const suggestions = async () => ({
  brand: await suggestUncached(database.db, ['sam']),
  misspelt: await suggestUncached(database.db, ['lenvo']),
});

const seeded = await tableSnapshot(database.db);
const seededRows = await demoRowsReadBack(database.db);
const indexesBefore = await indexes();
const suggestedBefore = await suggestions();

const upTo19 = migrationsUpTo(19);
expect(upTo19.tags.at(-1)).toBe('0019_search_terms_partial_indexes');
await migrate(database, upTo19.folder);

describe('migration 0019 on the demo shop', () => {
  it('keeps every row of every table as it was, the search dictionary among them', async () => {
    expect(seeded.search_terms!.rows).toBeGreaterThan(0);
    expect(await tableSnapshot(database.db)).toEqual(seeded);
    expect(await demoRowsReadBack(database.db)).toEqual(seededRows);
    expect(seededRows).toHaveLength(9);
  });

  it('adds the two partial indexes', async () => {
    expect(indexesBefore).not.toContain('search_terms_shown_prefix_idx');
    expect(await indexes()).toEqual(
      [...indexesBefore, 'search_terms_correctable_trgm_idx', 'search_terms_shown_prefix_idx'].sort(),
    );
  });

  it('suggests the same as before, a misspelt brand included', async () => {
    expect(suggestedBefore.brand.length).toBeGreaterThan(0);
    expect(suggestedBefore.misspelt[0]).toBe('Lenovo');
    expect(await suggestions()).toEqual(suggestedBefore);
  });
});
