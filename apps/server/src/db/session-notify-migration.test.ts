import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogueChanges } from '../modules/catalog/change-feed';
import { demoRowsReadBack, demoShopUpTo, migrationsUpTo, tableSnapshot } from '../testing/migration-steps';
import { migrate, queryRows } from './client';

/**
 * Migration 0020 (sessions, accounts and stores tell the change feed which accounts' session lookup changed) on the
 * demo shop seeded by the schema before it: every row of every table comes through as it was, and afterwards a
 * change to a session, an account or a store is heard with its account. Runs on PGlite, or on the PostgreSQL server
 * in DATABASE_URL.
 */

const { database, drop } = await demoShopUpTo('ph_mig20', 19);
const triggers = async () =>
  (
    await queryRows<{ name: string }>(
      database.db,
      sql`select tgname as name from pg_trigger where tgname like '%notify%' and not tgisinternal
            and tgrelid in ('sessions'::regclass, 'accounts'::regclass, 'stores'::regclass) order by 1`,
    )
  ).map((r) => r.name);

const seeded = await tableSnapshot(database.db);
const seededRows = await demoRowsReadBack(database.db);
const triggersBefore = await triggers();

const upTo20 = migrationsUpTo(20);
expect(upTo20.tags.at(-1)).toBe('0020_session_change_notify');
await migrate(database, upTo20.folder);

const feed = new CatalogueChanges(database, { warn: () => {} });
await feed.start();
const heard: (number[] | 'all')[] = [];
feed.onAccountsChanged((ids) => heard.push(ids));
afterAll(async () => {
  await feed.close();
  await drop();
});

/** What the feed hears within a second of `write`. */
async function heardAfter(write: () => Promise<unknown>): Promise<(number[] | 'all')[]> {
  heard.length = 0;
  await write();
  const until = Date.now() + 1_000;
  while (heard.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
  // Anything else the write sent arrives with the first.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return [...heard];
}

describe('migration 0020 on the demo shop', () => {
  it('keeps every row of every table as it was (counts, digests, and rows read back)', async () => {
    expect(seeded.accounts!.rows).toBeGreaterThan(0);
    expect(seeded.stores!.rows).toBeGreaterThan(0);
    expect(await tableSnapshot(database.db)).toEqual(seeded);
    expect(await demoRowsReadBack(database.db)).toEqual(seededRows);
    expect(seededRows).toHaveLength(9);
  });

  it('adds the triggers on sessions, accounts and stores', async () => {
    expect(await triggers()).toEqual(
      [
        ...triggersBefore,
        'accounts_notify_delete',
        'accounts_notify_update',
        'sessions_notify_delete',
        'sessions_notify_update',
        'stores_notify_sellers_delete',
        'stores_notify_sellers_insert',
        'stores_notify_sellers_update',
      ].sort(),
    );
  });

  it('still tells the catalogue changes as before: product ids, and everything past 10,000 products', async () => {
    const [listing] = await queryRows<{ id: number; product: number }>(
      database.db,
      sql`select id, product_id as product from listings order by id limit 1`,
    );
    const stamp = feed.stamp();
    await database.db.execute(sql`update listings set price = price + 100 where id = ${listing!.id}`);
    await feed.sync();
    expect(feed.unchangedSince(stamp, [listing!.product])).toBe(false);
    expect(feed.unchangedSince(stamp, [listing!.product + 1_000_000])).toBe(true);

    const many = feed.stamp();
    await database.db.execute(sql`select notify_catalogue_changes(array(select generate_series(1, 10001)))`);
    await feed.sync();
    // '*': everything counts as changed, products never seen included.
    expect(feed.unchangedSince(many, [])).toBe(false);
    // Past 10,000 accounts, every kept session goes.
    expect(
      await heardAfter(() =>
        database.db.execute(sql`select notify_accounts_changed(array(select generate_series(1, 10001)))`),
      ),
    ).toEqual(['all']);
  });

  it('then tells which accounts changed what the session lookup reads, and nothing for what it does not', async () => {
    const [seller] = await queryRows<{ id: number }>(
      database.db,
      sql`select seller_id as id from stores order by id limit 1`,
    );
    const [customer] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from accounts where role = 'customer' order by id limit 1`,
    );
    const sellerId = seller!.id;
    const customerId = customer!.id;
    await database.db.execute(
      sql`insert into sessions (token_hash, account_id, expires_at)
          values ('mig20-token', ${customerId}, now() + interval '1 day')`,
    );
    expect(
      await heardAfter(() => database.db.execute(sql`update accounts set name = 'Renamed' where id = ${customerId}`)),
    ).toEqual([[customerId]]);
    expect(
      await heardAfter(() =>
        database.db.execute(sql`update accounts set wishlist_alerts = not wishlist_alerts where id = ${customerId}`),
      ),
    ).toEqual([]);
    expect(
      await heardAfter(() =>
        database.db.execute(sql`update stores set name = 'Renamed Store' where seller_id = ${sellerId}`),
      ),
    ).toEqual([[sellerId]]);
    expect(
      await heardAfter(() => database.db.execute(sql`delete from sessions where token_hash = 'mig20-token'`)),
    ).toEqual([[customerId]]);
  });
});
