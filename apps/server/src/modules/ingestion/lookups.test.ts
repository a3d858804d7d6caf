import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client';
import { buildTestApp } from '../../testing/test-app';
import { offersByItemId } from '../offers/repository';
import { merchantFeed } from './fixtures/fixture-server';
import { ingestSource } from './ingest';

const t = await buildTestApp();

const ingest = (store: string, items: number) =>
  ingestSource(t.ctx, {
    store,
    source: 'upload',
    format: 'gmc',
    upload: { fileName: 'feed.xml', content: merchantFeed(items) },
  });

/** What this transaction has read of `offers` so far (the server's per-transaction counters). */
const offersRead = async (tx: Db) =>
  (
    await queryRows<{ seqRead: number; indexFetched: number }>(
      tx,
      sql`select coalesce(seq_tup_read, 0)::int as "seqRead", coalesce(idx_tup_fetch, 0)::int as "indexFetched"
          from pg_stat_xact_user_tables where relname = 'offers'`,
    )
  )[0]!;

describe("a feed's items are looked up among the store's offers", async () => {
  // The statistics are taken while another store holds ten offers, then this store's first feed brings 5,000 (as
  // when a new store is added to a shop whose table autovacuum analysed earlier): the planner has never seen this
  // store's offers.
  await ingest('Earlier Store', 10);
  await t.ctx.db.execute(sql`analyze offers`);
  const { store } = await ingest('Lookup Store', 5_000);

  // Ingestion's transactions run with the server's default plan choice; a statement kept by a connection gets a
  // generic plan after five runs. Both kinds of plan must find the items by key.
  for (const mode of ['force_generic_plan', 'force_custom_plan'] as const) {
    it(`reads only the offers asked for, with a ${mode.replace('force_', '').replace('_', ' ')}`, async () => {
      await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
        const before = await offersRead(tx);
        let found = 0;
        for (let run = 0; run < 7; run++) {
          const offers = await offersByItemId(tx, store.id, ['FEED-5', 'FEED-4999', 'FEED-none']);
          expect([...offers.keys()].sort()).toEqual(['FEED-4999', 'FEED-5']);
          expect(offers.get('FEED-5')).toMatchObject({ externalStoreId: store.id, price: 10_005_00, available: true });
          found += offers.size;
        }
        const after = await offersRead(tx);
        // No pass over the store's 5,000 offers: only the rows asked for, each fetched by key.
        expect(after.seqRead - before.seqRead).toBe(0);
        expect(after.indexFetched - before.indexFetched).toBeLessThanOrEqual(2 * found);
      });
    });
  }
});
