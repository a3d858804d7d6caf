import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { demoRowsReadBack, demoShopUpTo, migrationsUpTo, tableSnapshot } from '../testing/migration-steps';
import { migrate, queryRows, type Db } from './client';
import { pgCode } from './errors';

/**
 * Migration 0023 (the keys of offers and price points kept per statement by triggers instead of row-by-row foreign
 * keys) on the demo shop seeded by the schema before it: every row comes through, and the rules the constraints
 * kept still hold. Runs on PGlite, or on the PostgreSQL server in DATABASE_URL.
 */

const { database, drop } = await demoShopUpTo('ph_mig23', 22);
afterAll(drop);
const db = database.db;

const seeded = await tableSnapshot(db);
const seededRows = await demoRowsReadBack(db);
/** A few offers and price points, the two tables the migration changes, read back whole. */
const feedRowsReadBack = () =>
  queryRows(
    db,
    sql`(select 'offer' as kind, id, product_id as parent, name as text, price from offers order by id limit 3)
        union all (select 'price point', id, coalesce(offer_id, listing_id), recorded_at::text, price
                   from price_points order by id limit 3)
        order by 1, 2`,
  );
const seededFeedRows = await feedRowsReadBack();

const upTo23 = migrationsUpTo(23);
expect(upTo23.tags.at(-1)).toBe('0023_feed_keys_per_statement');
await migrate(database, upTo23.folder);

const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0]!.n;

/** The SQLSTATE `write` fails with, after checking that it changed nothing of `table`. */
async function refusal(write: ReturnType<typeof sql>, table: 'offers' | 'price_points' | 'products'): Promise<string> {
  const before = await count(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  const code = await db.execute(write).then(
    () => 'no error',
    (error: unknown) => pgCode(error) ?? String(error),
  );
  expect(await count(sql`select count(*)::int as n from ${sql.identifier(table)}`)).toBe(before);
  return code;
}

/** A new product, external store, offer and price point of it, made for one test. */
async function feedRows(tag: string) {
  const [row] = await queryRows<{ product: number; store: number }>(
    db,
    sql`with p as (insert into products (name, brand, category, match_key) values (${`Keys ${tag}`}, 'Keys', 'mobile',
                   ${`keys|${tag}`}) returning id),
             s as (insert into external_stores (name, slug) values (${`Keys ${tag}`}, ${`keys-${tag}`}) returning id)
        select p.id as product, s.id as store from p, s`,
  );
  const { product, store } = row!;
  const [offer] = await queryRows<{ id: number }>(
    db,
    sql`insert into offers (external_store_id, product_id, matched_by, store_item_id, url, name, price, currency)
        values (${store}, ${product}, 'new', ${`item-${tag}`}, ${`https://keys.example/${tag}`}, ${`Keys ${tag}`}, 1000,
                'PKR')
        returning id`,
  );
  await db.execute(sql`insert into price_points (offer_id, price, in_stock) values (${offer!.id}, 1000, true)`);
  return { product, store, offer: offer!.id };
}

const offersOf = (product: number) => count(sql`select count(*)::int as n from offers where product_id = ${product}`);
const pointsOf = (offer: number) => count(sql`select count(*)::int as n from price_points where offer_id = ${offer}`);
const missingId = 2_000_000_000;

/** Runs `work` in a transaction that Drizzle then rolls back; anything else `work` throws fails the test. */
async function rolledBack(work: (tx: Db) => Promise<void>) {
  await db
    .transaction(async (tx) => {
      await work(tx);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
}

describe('migration 0023 on the demo shop', () => {
  it('keeps every row of every table as it was (counts, digests, and rows read back)', async () => {
    expect(seeded.offers!.rows).toBeGreaterThan(0);
    expect(seeded.price_points!.rows).toBeGreaterThan(0);
    expect(await tableSnapshot(db)).toEqual(seeded);
    expect(await demoRowsReadBack(db)).toEqual(seededRows);
    expect(seededFeedRows).toHaveLength(6);
    expect(await feedRowsReadBack()).toEqual(seededFeedRows);
  });

  it('replaces the four row-by-row foreign keys', async () => {
    const left = await queryRows<{ conname: string }>(
      db,
      sql`select conname from pg_constraint
          where contype = 'f' and conrelid in ('offers'::regclass, 'price_points'::regclass)`,
    );
    expect(left.map((c) => c.conname)).toEqual([]);
  });

  it('refuses an offer or price point whose parent does not exist, and writes none of the statement', async () => {
    const { product, store, offer } = await feedRows('refuse');
    const offer2 = (p: number, s: number) =>
      sql`insert into offers (external_store_id, product_id, matched_by, store_item_id, url, name, price, currency)
          values (${store}, ${product}, 'new', 'fine', 'https://keys.example/fine', 'Fine', 1, 'PKR'),
                 (${s}, ${p}, 'new', 'bad', 'https://keys.example/bad', 'Bad', 1, 'PKR')`;
    expect(await refusal(offer2(missingId, store), 'offers')).toBe('23503');
    expect(await refusal(offer2(product, missingId), 'offers')).toBe('23503');
    expect(
      await refusal(
        sql`insert into price_points (offer_id, price, in_stock) values (${missingId}, 1, true)`,
        'price_points',
      ),
    ).toBe('23503');
    expect(
      await refusal(
        sql`insert into price_points (listing_id, price, in_stock) values (${missingId}, 1, true)`,
        'price_points',
      ),
    ).toBe('23503');
    expect(await refusal(sql`update offers set product_id = ${missingId} where id = ${offer}`, 'offers')).toBe('23503');
    expect(await offersOf(product)).toBe(1);
  });

  it('accepts a move to a product that exists, and a whole batch of existing keys', async () => {
    const a = await feedRows('move-a');
    const b = await feedRows('move-b');
    await db.execute(sql`update offers set product_id = ${b.product} where id = ${a.offer}`);
    expect(await offersOf(b.product)).toBe(2);
    await db.execute(
      sql`insert into price_points (offer_id, price, in_stock)
          select o.id, 900 + g, true from offers o, generate_series(1, 500) g where o.id in (${a.offer}, ${b.offer})`,
    );
    expect(await pointsOf(a.offer)).toBe(501);
  });

  it('locks the parents of the rows written, as a foreign key does, until the transaction ends', async () => {
    const { product, store } = await feedRows('lock');
    await rolledBack(async (tx) => {
      await tx.execute(
        sql`insert into offers (external_store_id, product_id, matched_by, store_item_id, url, name, price, currency)
            values (${store}, ${product}, 'new', 'locked', 'https://keys.example/locked', 'Locked', 1, 'PKR')`,
      );
      // A row lock is written into the row: its xmax becomes the locking transaction.
      const [row] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select (select xmax::text from products where id = ${product}) = pg_current_xact_id()::text
                   and (select xmax::text from external_stores where id = ${store}) = pg_current_xact_id()::text
                   as locked`,
      );
      expect(row!.locked).toBe(true);
    });
  });

  it('deletes the offers of a deleted product or store, and the price points of a deleted offer or listing', async () => {
    const gone = await feedRows('gone');
    const kept = await feedRows('kept');
    await db.execute(sql`delete from products where id = ${gone.product}`);
    expect(await offersOf(gone.product)).toBe(0);
    expect(await pointsOf(gone.offer)).toBe(0);
    expect(await offersOf(kept.product)).toBe(1);
    expect(await pointsOf(kept.offer)).toBe(1);

    await db.execute(sql`delete from external_stores where id = ${kept.store}`);
    expect(await offersOf(kept.product)).toBe(0);
    expect(await pointsOf(kept.offer)).toBe(0);

    const [listing] = await queryRows<{ id: number }>(db, sql`select id from listings order by id limit 1`);
    await db.execute(sql`insert into price_points (listing_id, price, in_stock) values (${listing!.id}, 5, true)`);
    const listingPoints = () =>
      count(sql`select count(*)::int as n from price_points where listing_id = ${listing!.id}`);
    expect(await listingPoints()).toBeGreaterThan(0);
    await rolledBack(async (tx) => {
      await tx.execute(sql`delete from listings where id = ${listing!.id}`);
      const [left] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from price_points where listing_id = ${listing!.id}`,
      );
      expect(left!.n).toBe(0);
    });
  });

  it('empties offers and price points with a truncated catalogue, as a cascading truncate did', async () => {
    await feedRows('truncate');
    await rolledBack(async (tx) => {
      await tx.execute(sql`truncate products cascade`);
      const [left] = await queryRows<{ offers: number; points: number }>(
        tx,
        sql`select (select count(*)::int from offers) as offers,
                   (select count(*)::int from price_points where offer_id is not null) as points`,
      );
      expect(left).toEqual({ offers: 0, points: 0 });
    });
    expect(await count(sql`select count(*)::int as n from offers`)).toBeGreaterThan(0);
  });

  it('refuses to change the id of a product that offers point at', async () => {
    const { product } = await feedRows('renumber');
    expect(await refusal(sql`update products set id = ${missingId} where id = ${product}`, 'products')).toBe('23503');
    expect(await offersOf(product)).toBe(1);
  });
});
