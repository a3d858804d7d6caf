import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/client';
import { insertExternalOffer, insertListing } from '../../testing/catalogue';
import { createSeller } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { CATALOGUE_CHANNEL, CatalogueChanges } from './change-feed';

const t = await buildTestApp();
const quiet = { warn: () => {} };
const feed = new CatalogueChanges(t.ctx.database, quiet);
await feed.start();
afterAll(() => feed.close());

await createSeller(t);
const [store] = await queryRows<{ id: number }>(t.ctx.db, sql`select id from stores order by id desc limit 1`);
const storeId = store!.id;

async function until(check: () => boolean, withinMs = 5_000) {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Which of `products` the feed counts as changed by `write`, made by raw SQL as any other process could. `sync()`
 * settles once everything committed before it has been heard, so "not changed" is not merely "not heard yet".
 */
async function changedBy(write: () => Promise<unknown>, products: number[]): Promise<number[]> {
  // What the test's own set-up wrote is heard first.
  await feed.sync();
  const stamp = feed.stamp();
  await write();
  await feed.sync();
  return products.filter((id) => !feed.unchangedSince(stamp, [id]));
}
const run = (query: ReturnType<typeof sql>) => () => t.ctx.db.execute(query);

/** Counts the sync notifies sent on the channel from now on, heard by a LISTEN of the test's own. */
async function syncsHeard(): Promise<{ settled: (atLeast: number) => Promise<number>; stop: () => Promise<void> }> {
  // Distinct tokens: PGlite hands a notify to each of its listeners of a channel, this one maybe more than once.
  const heard = new Set<string>();
  const onPayload = (payload: string | undefined) => {
    if (payload?.startsWith('sync:')) heard.add(payload);
  };
  // This LISTEN may hear a notify after the feed did: the count once at least `atLeast` arrived and a moment passed.
  const settled = async (atLeast: number) => {
    await until(() => heard.size >= atLeast, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return heard.size;
  };
  const { database } = t.ctx;
  if (database.kind === 'pglite') {
    const unlisten = await database.pglite!.listen(CATALOGUE_CHANNEL, onPayload);
    return { settled, stop: () => unlisten() };
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  client.on('notification', (message) => onPayload(message.payload));
  await client.query(`listen ${CATALOGUE_CHANNEL}`);
  return { settled, stop: () => client.end() };
}

describe('the catalogue change feed', () => {
  it('hears a change made by raw SQL within a second, for that product only', async () => {
    const a = await insertListing(t.ctx.db, { storeId, price: 5_000_000 });
    const b = await insertListing(t.ctx.db, { storeId, price: 6_000_000 });
    await feed.sync();
    const stamp = feed.stamp();
    const started = Date.now();
    // No sync here: the notify alone must arrive.
    await t.ctx.db.execute(sql`update listings set price = 4900000 where id = ${a.listingId}`);
    await until(() => !feed.unchangedSince(stamp, [a.productId]), 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(feed.unchangedSince(stamp, [b.productId])).toBe(true);
  });

  it('answers writers waiting at once with one sync, and a writer after it has been sent with another', async () => {
    const a = await insertListing(t.ctx.db, { storeId, price: 5_000_000 });
    await feed.sync();
    const syncs = await syncsHeard();
    try {
      await Promise.all(Array.from({ length: 5 }, () => feed.sync()));
      expect(await syncs.settled(1)).toBe(1);

      // A write committed while a sync is on its way is not covered by it: the next sync must hear it.
      const stamp = feed.stamp();
      const inFlight = feed.sync();
      await t.ctx.db.execute(sql`update listings set price = 4800000 where id = ${a.listingId}`);
      await feed.sync();
      expect(feed.unchangedSince(stamp, [a.productId])).toBe(false);
      await inFlight;
      expect(await syncs.settled(3)).toBe(3);
    } finally {
      await syncs.stop();
    }
  });

  it('is told by every table a product page shows', async () => {
    const a = await insertListing(t.ctx.db, { storeId });
    const b = await insertListing(t.ctx.db, { storeId });
    const other = await insertListing(t.ctx.db, { storeId: (await createSellerStore()).id });
    const offerId = await insertExternalOffer(t.ctx.db, { productId: b.productId, storeName: 'Feed Mart', price: 100 });
    const all = [a.productId, b.productId, other.productId];
    expect(await changedBy(run(sql`update products set name = 'Renamed' where id = ${a.productId}`), all)).toEqual([
      a.productId,
    ]);
    expect(await changedBy(run(sql`update listings set quantity = 0 where id = ${a.listingId}`), all)).toEqual([
      a.productId,
    ]);
    expect(await changedBy(run(sql`update offers set price = 99 where id = ${offerId}`), all)).toEqual([b.productId]);
    expect(
      await changedBy(
        run(sql`insert into reviews (product_id, author, rating, text) values (${b.productId}, 'Sana', 5, 'Great')`),
        all,
      ),
    ).toEqual([b.productId]);
    expect(await changedBy(run(sql`update stores set name = 'Renamed Store' where id = ${storeId}`), all)).toEqual([
      a.productId,
      b.productId,
    ]);
    expect(
      await changedBy(run(sql`update external_stores set name = 'Feed Mart 2' where name = 'Feed Mart'`), all),
    ).toEqual([b.productId]);
    expect(
      await changedBy(
        run(sql`insert into price_points (offer_id, price, in_stock) values (${offerId}, 99, true)`),
        all,
      ),
    ).toEqual([b.productId]);
  });

  it('tells the product a row left and the one it joined, and of many rows updated only the changed ones', async () => {
    const a = await insertListing(t.ctx.db, { storeId });
    const b = await insertListing(t.ctx.db, { storeId });
    const c = await insertListing(t.ctx.db, { storeId });
    const offers = [];
    for (const productId of [a.productId, b.productId, c.productId]) {
      offers.push(await insertExternalOffer(t.ctx.db, { productId, storeName: 'Bulk Mart', price: 100 }));
    }
    const all = [a.productId, b.productId, c.productId];
    const [onA, onB, onC] = offers as [number, number, number];
    expect(await changedBy(run(sql`update offers set product_id = ${b.productId} where id = ${onA}`), all)).toEqual([
      a.productId,
      b.productId,
    ]);
    expect(
      await changedBy(run(sql`update listings set product_id = ${c.productId} where id = ${b.listingId}`), all),
    ).toEqual([b.productId, c.productId]);
    // A feed re-read: every offer checked, one re-priced.
    expect(
      await changedBy(
        run(sql`update offers set last_checked_at = now(), price = case when id = ${onC} then 90 else price end
                where id in (${onA}, ${onB}, ${onC})`),
        all,
      ),
    ).toEqual([c.productId]);
    expect(
      await changedBy(
        run(sql`update listings set units_sold = units_sold + 1, quantity = case when id = ${a.listingId} then 0
                else quantity end where id in (${a.listingId}, ${b.listingId}, ${c.listingId})`),
        all,
      ),
    ).toEqual([a.productId]);
    // Price points, of a listing and of an offer, in one statement.
    expect(
      await changedBy(
        run(sql`insert into price_points (listing_id, offer_id, price, in_stock)
                values (${a.listingId}, null, 1, true), (null, ${onC}, 2, true)`),
        all,
      ),
    ).toEqual([a.productId, c.productId]);
  });

  it('is told nothing by what no page shows, nor by a write that is rolled back', async () => {
    const a = await insertListing(t.ctx.db, { storeId });
    const offerId = await insertExternalOffer(t.ctx.db, {
      productId: a.productId,
      storeName: 'Quiet Mart',
      price: 100,
    });
    const ids = [a.productId];
    expect(await changedBy(run(sql`update products set views = views + 1 where id = ${a.productId}`), ids)).toEqual([]);
    expect(await changedBy(run(sql`update offers set last_checked_at = now() where id = ${offerId}`), ids)).toEqual([]);
    expect(
      await changedBy(run(sql`update listings set units_sold = units_sold + 1 where id = ${a.listingId}`), ids),
    ).toEqual([]);
    const rolledBack = () =>
      t.ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`update listings set price = 1 where id = ${a.listingId}`);
          throw new Error('changed my mind');
        })
        .catch(() => {});
    expect(await changedBy(rolledBack, ids)).toEqual([]);
  });

  it('sends many products in notifies under 8000 bytes, and past 10,000 says everything changed', async () => {
    // PostgreSQL refuses a payload of 8000 bytes or more: 10,000 ids of five digits would be 60 KB in one.
    const many = run(sql`select notify_catalogue_changes(array(select g from generate_series(90001, 100000) g))`);
    expect(await changedBy(many, [90_001, 100_000, 100_001])).toEqual([90_001, 100_000]);
    const tooMany = run(sql`select notify_catalogue_changes(array(select g from generate_series(1, 10001) g))`);
    expect(await changedBy(tooMany, [123_456_789])).toEqual([123_456_789]);
  });

  it('counts everything as changed when a sale starts, with no write at that moment', async () => {
    const startsAt = new Date(Date.now() + 1_500);
    await t.ctx.db.execute(
      sql`insert into sales (code, store_id, title, discount_percent, starts_at, ends_at)
          values ('FEED-SALE', ${storeId}, 'Feed sale', 10, ${startsAt}, ${new Date(Date.now() + 3_600_000)})`,
    );
    await feed.sync();
    const stamp = feed.stamp();
    expect(feed.unchangedSince(stamp, [1])).toBe(true);
    await until(() => !feed.unchangedSince(stamp, [1]), 4_000);
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime() - 50);
  });
});

/** A second seller's store, to tell one store's products from another's. */
async function createSellerStore(): Promise<{ id: number }> {
  await createSeller(t);
  const [row] = await queryRows<{ id: number }>(t.ctx.db, sql`select id from stores order by id desc limit 1`);
  return row!;
}

// The reconnect is PostgreSQL's (PGlite lives in the process): on the PostgreSQL server every machine here has, as
// the notification listener's test does.
describe('the catalogue change feed on PostgreSQL', () => {
  it('after its connection drops, counts everything as changed, keeps entries briefly, and listens again', async () => {
    const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const database: Database = await openDatabase({ url, poolSize: 2 });
    const pgFeed = new CatalogueChanges(database, quiet);
    try {
      await pgFeed.start();
      expect(pgFeed.hearing).toBe(true);
      const stamp = pgFeed.stamp();
      const [backend] = await queryRows<{ pid: number }>(
        database.db,
        sql`select pid from pg_stat_activity
            where application_name = 'pricehub-catalogue-changes' and datname = current_database()
            order by backend_start desc limit 1`,
      );
      await database.db.execute(sql`select pg_terminate_backend(${backend!.pid})`);
      await until(() => !pgFeed.hearing);
      expect(pgFeed.unchangedSince(stamp, [1])).toBe(false);
      await until(() => pgFeed.hearing);
      const after = pgFeed.stamp();
      await pgFeed.sync();
      expect(pgFeed.unchangedSince(after, [1])).toBe(true);
    } finally {
      await pgFeed.close();
      await database.close();
    }
  });
});
