import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { demoShopUpTo, forgetLatestMigrations, tableSnapshot } from '../testing/migration-steps';
import { migrate, queryRows } from './client';

/**
 * Migration 0015 (the catalogue's change triggers) on the demo shop as it was just before it: seeded at 0014, then
 * migrated. Runs on PGlite, or on the PostgreSQL server in DATABASE_URL.
 */

const { database, drop, folder, tags } = await demoShopUpTo('ph_mig15', 16);
afterAll(drop);

const snapshot = () => tableSnapshot(database.db);

// Today's seed writes columns added after 0015 (reviews.store_id, 0016), so the demo is seeded on the latest schema
// and then taken back to how 0015 found it: its functions and triggers dropped, 0016's column dropped, and neither
// recorded as applied. Migrating again then runs 0015 (and 0016) on the demo shop.
expect(tags.slice(-2)).toEqual(['0015_catalogue_change_notify', '0016_review_store']);
const seeded = await snapshot();
for (const { name } of await queryRows<{ name: string }>(
  database.db,
  sql`select proname as name from pg_proc where proname like '%catalogue_changed' or proname = 'notify_catalogue_changes'`,
)) {
  await database.db.execute(sql`drop function ${sql.identifier(name)} cascade`);
}
await database.db.execute(sql`alter table reviews drop column store_id`);
await forgetLatestMigrations(database.db, 2);
const before = await snapshot();
const [triggersBefore] = await queryRows<{ n: number }>(
  database.db,
  sql`select count(*)::int as n from information_schema.triggers where trigger_name like '%_notify_%'`,
);
expect(triggersBefore!.n).toBe(0);
await migrate(database, folder);

describe('migration 0015 on the demo shop', () => {
  it('keeps every row of every table as it was (counts, and every row read back)', async () => {
    expect(before.products!.rows).toBeGreaterThan(50);
    expect(before.listings!.rows).toBeGreaterThan(50);
    expect(before.orders!.rows).toBeGreaterThan(0);
    // As seeded: the rows 0015 found, with the store 0016 gives each review.
    expect(await snapshot()).toEqual(seeded);
  });

  it('adds the change triggers, which leave the rows they watch alone', async () => {
    const [{ n }] = (await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from information_schema.triggers where trigger_name like '%_notify_%'`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(10);
    const [listing] = await queryRows<{ id: number; price: number }>(
      database.db,
      sql`select id, price from listings order by id limit 1`,
    );
    await database.db.execute(sql`update listings set price = price + 100 where id = ${listing!.id}`);
    const [after] = await queryRows<{ price: number }>(
      database.db,
      sql`select price from listings where id = ${listing!.id}`,
    );
    expect(after!.price).toBe(listing!.price + 100);
  });
});
