import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogueChanges } from '../modules/catalog/change-feed';
import { addSearchTerms, rebuildSearchTerms } from '../modules/catalog/search-terms';
import { demoRowsReadBack, demoShopUpTo, migrationsUpTo, tableSnapshot } from '../testing/migration-steps';
import { migrate } from './client';

/**
 * Migration 0024 (the search dictionary tells the change feed it changed) on the demo shop seeded by the schema
 * before it: every row of every table comes through as it was, and afterwards each way the dictionary is written is
 * heard by a feed, a rolled-back write is not. Runs on PGlite, or on the PostgreSQL server in DATABASE_URL.
 */

const { database, drop } = await demoShopUpTo('ph_mig24', 23);
const seeded = await tableSnapshot(database.db);
const seededRows = await demoRowsReadBack(database.db);

const upTo24 = migrationsUpTo(24);
expect(upTo24.tags.at(-1)).toBe('0024_search_terms_notify');
await migrate(database, upTo24.folder);

const feed = new CatalogueChanges(database, { warn: () => {} });
await feed.start();
afterAll(async () => {
  await feed.close();
  await drop();
});

/** Whether the feed heard the dictionary change during `write` (sync: every change committed before it is heard). */
async function termsHeardAfter(write: () => Promise<unknown>): Promise<boolean> {
  const stamp = feed.stamp();
  await write();
  await feed.sync();
  return !feed.termsUnchangedSince(stamp);
}

describe('migration 0024 on the demo shop', () => {
  it('keeps every row of every table as it was, the search dictionary among them', async () => {
    expect(seeded.search_terms!.rows).toBeGreaterThan(0);
    expect(await tableSnapshot(database.db)).toEqual(seeded);
    expect(await demoRowsReadBack(database.db)).toEqual(seededRows);
  });

  it("then tells of every write to the dictionary: a seller's words, a rebuild, an update, a delete, a truncate", async () => {
    expect(feed.hearing).toBe(true);
    expect(await termsHeardAfter(() => addSearchTerms(database.db, { name: 'Zorblax Fold 9', brand: 'Zorblax' }))).toBe(
      true,
    );
    expect(await termsHeardAfter(() => rebuildSearchTerms(database.db))).toBe(true);
    expect(
      await termsHeardAfter(() => database.db.execute(sql`update search_terms set weight = weight + 1 where false`)),
    ).toBe(true);
    expect(await termsHeardAfter(() => database.db.execute(sql`delete from search_terms where term = 'zorblax'`))).toBe(
      true,
    );
    const rows = seeded.search_terms!.rows;
    expect(await termsHeardAfter(() => database.db.execute(sql`truncate search_terms`))).toBe(true);
    await rebuildSearchTerms(database.db);
    expect((await tableSnapshot(database.db)).search_terms!.rows).toBe(rows);
  });

  it('tells nothing of a write rolled back, nor of writes to other tables', async () => {
    const rolledBack = () =>
      database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into search_terms (term, kind, weight) values ('qwzx', 'name', 1)`);
          throw new Error('rolled back');
        })
        .catch(() => {});
    expect(await termsHeardAfter(rolledBack)).toBe(false);
    expect(await termsHeardAfter(() => database.db.execute(sql`update products set views = views + 1`))).toBe(false);
  });
});
