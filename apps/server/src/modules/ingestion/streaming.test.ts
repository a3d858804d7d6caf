import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { buildTestApp } from '../../testing/test-app';
import { merchantFeed, merchantFeedParts, startFixtureServer } from './fixtures/fixture-server';
import { ingestSource } from './ingest';
import type { Progress } from './sources';

const t = await buildTestApp();
const fixtures = await startFixtureServer();
afterAll(() => fixtures.close());
const fast = { timeoutMs: 5_000, backoffMs: 20, delayMs: 0 };

const offersOf = async (store: string, where = sql`true`) =>
  (
    await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from offers o join external_stores s on s.id = o.external_store_id
          where s.name = ${store} and ${where}`,
    )
  )[0]!.n;

describe('a feed over HTTP', () => {
  it('is written to the database batch by batch while the store is still sending it', async () => {
    // The head and the first 1,000 items, then the second 1,000 and the end, held back by the store.
    const [head, first, ...rest] = [...merchantFeedParts(2_000)];
    let savedBeforeTheEnd = -1;
    fixtures.route('/big-feed.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.write(`${head}${first}`);
      void (async () => {
        // A reader that waited for the whole body would find nothing saved here, and the store would wait in vain.
        for (let waited = 0; waited < 15_000 && savedBeforeTheEnd <= 0; waited += 50) {
          savedBeforeTheEnd = await offersOf('Streaming Store');
          if (savedBeforeTheEnd <= 0) await sleep(50);
        }
        res.end(rest.join(''));
      })();
    });
    const progress: Parameters<Progress>[0][] = [];
    const report = await ingestSource(t.ctx, {
      store: 'Streaming Store',
      source: `${fixtures.url}/big-feed.xml`,
      fetcher: fast,
      batchSize: 250,
      progress: (event) => progress.push(event),
    });
    expect(savedBeforeTheEnd).toBeGreaterThanOrEqual(250);
    expect(report).toMatchObject({ new: 2_000, updated: 0, failed: 0 });
    expect(await offersOf('Streaming Store')).toBe(2_000);
    // The operator's progress moves while the feed is read, and ends at every item saved.
    expect(progress.filter((e) => e.phase === 'save' && e.done > 0 && e.done < 2_000).length).toBeGreaterThan(2);
    expect(progress.at(-1)).toEqual({ phase: 'save', done: 2_000, total: 2_000 });
  });

  it('keeps what arrived before the connection dropped, and marks nothing unavailable', async () => {
    const whole = merchantFeed(5);
    fixtures.route('/dropping-feed.xml', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(whole),
    );
    const first = await ingestSource(t.ctx, {
      store: 'Dropping Store',
      source: `${fixtures.url}/dropping-feed.xml`,
      fetcher: fast,
    });
    expect(first).toMatchObject({ new: 5, failed: 0 });

    fixtures.route('/dropping-feed.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.write(whole.slice(0, whole.indexOf('<item><g:id>FEED-3')) + '<item><g:id>FEED-3</g:id><title>Feedph');
      setTimeout(() => res.destroy(), 50);
    });
    const second = await ingestSource(t.ctx, {
      store: 'Dropping Store',
      source: `${fixtures.url}/dropping-feed.xml`,
      fetcher: fast,
    });
    expect(second).toMatchObject({ new: 0, unchanged: 2, unavailable: 0, failed: 1 });
    expect(second.failures[0]!.reason).toMatch(/^read cut off after 2 items: network error/);
    expect(await offersOf('Dropping Store', sql`o.available`)).toBe(5);
  });
});
