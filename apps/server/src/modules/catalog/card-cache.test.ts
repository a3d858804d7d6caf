import { sql } from 'drizzle-orm';
import { productQuery } from '@pricehub/shared/schemas/product';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { queryRows } from '../../db/client';
import { insertCatalogueProduct, insertExternalOffer, insertListing } from '../../testing/catalogue';
import { caller, createSellerWithStore } from '../../testing/shop';
import { buildTestApp } from '../../testing/test-app';
import { keepCards, keptCards, type KeptCardsOptions } from './card-cache';
import { CatalogueChanges } from './change-feed';
import { loadCards, loadProducts, readCardsAhead } from './repository';
import { searchProductsJson, searchUncached } from './search';
import { addProduct, productBody } from './test-fixtures';

/**
 * Cards kept per process (card-cache.ts) are what loadCards would read from the database: served again only until
 * the change feed hears their product changed, this process writes, or the request's clock crosses a sale's start
 * or end. Each test proves a card came from the cache by a column no trigger tells (views).
 */
const t = await buildTestApp();
const call = caller(t);
const quiet = { warn: () => {} };
const feed = new CatalogueChanges(t.ctx.database, quiet);
await feed.start();
afterAll(() => feed.close());

let stopKeeping = keepCards(t.ctx.db, feed);
const keepWith = (changes: CatalogueChanges, options?: KeptCardsOptions) => {
  stopKeeping();
  stopKeeping = keepCards(t.ctx.db, changes, options);
};
// Each test starts with an empty cache fed by the started feed.
afterEach(() => keepWith(feed));
afterAll(() => stopKeeping());

const seller = await createSellerWithStore(t);
const other = await createSellerWithStore(t);
const HOUR = 3_600_000;

const cards = (ids: number[], at = new Date()) => loadCards(t.ctx.db, ids, at);
const product = async (id: number, at?: Date) => (await cards([id], at)).get(id)!.product;
/** Read through a transaction's handle, for which nothing is kept: what the database says now. */
const uncached = (ids: number[], at: Date) => t.ctx.db.transaction((tx) => loadCards(tx, ids, at));
const run = (query: ReturnType<typeof sql>) => t.ctx.db.execute(query);
/** Views are not told by the triggers: a card that still shows the old count came from the cache. */
const setViews = (productId: number, views: number) =>
  run(sql`update products set views = ${views} where id = ${productId}`);

async function listed(storeId = seller.storeId, price = 50_000_00) {
  const made = await insertListing(t.ctx.db, { storeId, price });
  // What the set-up wrote is heard before a card is read, or the card would be dropped on hearing it.
  await feed.sync();
  return made;
}

describe('kept cards', () => {
  it('serve a card the second time without reading it', async () => {
    const a = await listed();
    expect((await product(a.productId)).views).toBe(0);
    await setViews(a.productId, 41);
    expect((await product(a.productId)).views).toBe(0);
    expect((await uncached([a.productId], new Date())).get(a.productId)!.product.views).toBe(41);
    expect(keptCards(t.ctx.db)!.size).toBe(1);
  });

  it('write out a kept card once, a changed card anew, and search answers as JSON.stringify would', async () => {
    const [a, b] = [await listed(), await listed()];
    const kept = keptCards(t.ctx.db)!;
    const first = await product(a.productId);
    const text = kept.json(first);
    expect(text).toBe(JSON.stringify(first));
    // Remembered while kept: the same string, not a new one.
    expect(kept.json(await product(a.productId))).toBe(text);
    // A product that is not a kept card's is written out as it is now.
    const fresh = (await uncached([a.productId], new Date())).get(a.productId)!.product;
    expect(kept.json({ ...fresh, views: 99 })).toBe(JSON.stringify({ ...fresh, views: 99 }));
    // Changed (and heard): the new card's text.
    await run(sql`update listings set price = ${41_000_00} where id = ${a.listingId}`);
    await feed.sync();
    const changed = await product(a.productId);
    expect(changed.price).toBe(41_000_00);
    expect(JSON.parse(kept.json(changed))).toMatchObject({ id: a.productId, price: 41_000_00 });

    // A search answer splices the kept texts in: the same text as the whole result stringified, kept or not.
    const [store] = await queryRows<{ slug: string }>(
      t.ctx.db,
      sql`select slug from stores where id = ${seller.storeId}`,
    );
    const query = productQuery.parse({ store: store!.slug });
    for (let i = 0; i < 2; i++) {
      invalidateCatalogCache();
      const answer = await searchProductsJson(t.ctx.db, query, () => new Date());
      const result = await searchUncached(t.ctx.db, query, new Date());
      expect(result.items.map((p) => p.id)).toEqual(expect.arrayContaining([a.productId, b.productId]));
      expect(answer).toBe(JSON.stringify(result));
    }
  });

  it('show a change made by raw SQL once the feed has heard it, and keep the cards it did not change', async () => {
    const a = await listed(seller.storeId, 50_000_00);
    const b = await listed(other.storeId, 60_000_00);
    const c = await listed(seller.storeId, 70_000_00);
    const offerId = await insertExternalOffer(t.ctx.db, {
      productId: a.productId,
      storeName: 'Kept Mart',
      price: 55_000_00,
    });
    await feed.sync();
    const ids = [a.productId, b.productId, c.productId];
    await cards(ids);
    await setViews(c.productId, 9);
    const expectFresh = async () => {
      await feed.sync();
      const at = new Date();
      const [kept, read] = [await cards(ids, at), await uncached(ids, at)];
      expect(kept.get(a.productId)).toEqual(read.get(a.productId));
      expect(kept.get(b.productId)).toEqual(read.get(b.productId));
      // Unchanged: still the kept card, with the views it was read with.
      expect(kept.get(c.productId)!.product.views).toBe(0);
      return kept;
    };

    await run(sql`update listings set price = ${45_000_00} where id = ${a.listingId}`);
    expect((await expectFresh()).get(a.productId)!.product.price).toBe(45_000_00);

    await run(sql`update offers set price = ${40_000_00} where id = ${offerId}`);
    const offered = (await expectFresh()).get(a.productId)!;
    expect(offered.product.lowestPrice).toBe(40_000_00);
    expect(offered.lowestStore).toBe('Kept Mart');

    await run(sql`update stores set status = 'closed' where id = ${other.storeId}`);
    const closed = (await expectFresh()).get(b.productId)!.product;
    expect(closed.store).toBeNull();
    expect(closed.listingId).toBeNull();
    await run(sql`update stores set status = 'open' where id = ${other.storeId}`);
    expect((await expectFresh()).get(b.productId)!.product.listingId).toBe(b.listingId);
  });

  it('show a write made through this process at once', async () => {
    const made = await addProduct(t, seller, { name: 'Kept Laptop 1', price: 250_000_00 });
    await feed.sync();
    expect((await product(made.id)).price).toBe(250_000_00);
    await setViews(made.id, 5);
    expect((await product(made.id)).views).toBe(0);

    const res = await call('PUT', `/api/seller/products/${made.listingId}`, seller.cookie, {
      ...productBody({ name: 'Kept Laptop 1', price: 199_000_00 }),
      stock: 'instock',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { product: { price: number } }).product.price).toBe(199_000_00);
    // No waiting for the feed: the write moved the catalogue cache's generation on, which drops every kept card.
    const after = await product(made.id);
    expect(after.price).toBe(199_000_00);
    expect(after.views).toBe(5);

    await setViews(made.id, 6);
    invalidateCatalogCache();
    expect((await product(made.id)).views).toBe(6);
  });

  it('follow a sale across its start and its end, whatever clock the request brings', async () => {
    const a = await listed(seller.storeId, 100_000_00);
    const base = Date.now() + 24 * HOUR;
    const [sale] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into sales (code, store_id, title, discount_percent, starts_at, ends_at)
          values ('KEPT-SALE', ${seller.storeId}, 'Kept sale', 10, ${new Date(base + HOUR)}, ${new Date(base + 2 * HOUR)})
          returning id`,
    );
    await run(sql`insert into sale_products (sale_id, listing_id) values (${sale!.id}, ${a.listingId})`);
    await feed.sync();
    let views = 0;
    /** The card at `at`, checked against the database's; `fromCache` when it must be the one kept before. */
    const at = async (time: number, fromCache: boolean) => {
      const when = new Date(time);
      const card = await product(a.productId, when);
      const read = (await uncached([a.productId], when)).get(a.productId)!.product;
      expect({ ...card, views: 0 }).toEqual({ ...read, views: 0 });
      expect(card.views).toBe(fromCache ? views - 1 : views);
      await setViews(a.productId, ++views);
      return card;
    };

    expect((await at(base, false)).salePrice).toBeUndefined();
    expect((await at(base + HOUR - 1, true)).salePrice).toBeUndefined();
    expect((await at(base + HOUR, false)).salePrice).toBe(90_000_00);
    expect((await at(base + 2 * HOUR - 1, true)).salePrice).toBe(90_000_00);
    expect((await at(base + 2 * HOUR, false)).salePrice).toBeUndefined();
    expect((await at(base + 3 * HOUR, true)).salePrice).toBeUndefined();
    // A clock set back into the sale, then before it.
    expect((await at(base + HOUR + 1, false)).salePrice).toBe(90_000_00);
    expect((await at(base, false)).salePrice).toBeUndefined();

    // A start between two milliseconds: neither card of the milliseconds around it is served at the other.
    await run(sql`update sales set starts_at = starts_at + interval '500 microseconds' where id = ${sale!.id}`);
    await feed.sync();
    expect((await at(base + HOUR - 1, false)).salePrice).toBeUndefined();
    expect((await at(base + HOUR, false)).salePrice).toBeUndefined();
    expect((await at(base + HOUR + 1, false)).salePrice).toBe(90_000_00);
    expect((await at(base + HOUR, false)).salePrice).toBeUndefined();
  });

  it('keep nothing while the feed is not hearing', async () => {
    const a = await listed();
    const deaf = new CatalogueChanges(t.ctx.database, quiet);
    keepWith(deaf);
    await cards([a.productId]);
    await setViews(a.productId, 3);
    expect((await product(a.productId)).views).toBe(3);
    expect(keptCards(t.ctx.db)!.size).toBe(0);

    // Kept while one hears, served no more once it stops.
    const hearing = new CatalogueChanges(t.ctx.database, quiet);
    await hearing.start();
    keepWith(hearing);
    await cards([a.productId]);
    await setViews(a.productId, 4);
    expect((await product(a.productId)).views).toBe(3);
    await hearing.close();
    expect((await product(a.productId)).views).toBe(4);
  });

  it('answer what the database does for a mix of ids, kept or not, in the order asked', async () => {
    const a = await listed(seller.storeId, 30_000_00);
    const b = await listed(other.storeId, 20_000_00);
    const c = await listed(seller.storeId, 40_000_00);
    // Another store's product only, and a product two of our stores list.
    const d = await insertCatalogueProduct(t.ctx.db, { name: 'Offered Elsewhere' });
    await insertExternalOffer(t.ctx.db, { productId: d, storeName: 'Mix Mart', price: 25_000_00, inStock: false });
    await insertListing(t.ctx.db, { storeId: other.storeId, productId: c.productId, price: 35_000_00, quantity: 0 });
    await feed.sync();
    await cards([b.productId]);
    const ids = [c.productId, 999_999_999, b.productId, a.productId, c.productId, d, b.productId];
    const when = new Date();
    for (const round of ['some kept', 'all kept']) {
      const kept = await cards(ids, when);
      expect(Object.fromEntries(kept), round).toEqual(Object.fromEntries(await uncached(ids, when)));
      expect([...kept.keys()]).toEqual([c.productId, b.productId, a.productId, d]);
      expect(await loadProducts(t.ctx.db, ids, when)).toEqual(
        await t.ctx.db.transaction((tx) => loadProducts(tx, ids, when)),
      );
    }
    expect(keptCards(t.ctx.db)!.size).toBe(4);

    // A store page's cards describe that store's listing: read each time, never kept.
    await setViews(c.productId, 8);
    const storeCards = await loadCards(t.ctx.db, [c.productId], when, { storeId: other.storeId });
    expect(storeCards.get(c.productId)!.product.views).toBe(8);
    expect(storeCards.get(c.productId)!.product.price).toBe(35_000_00);
    expect((await product(c.productId, when)).views).toBe(0);
  });

  it('are read ahead for the leading products, as many as fit, the most asked for dropped last', async () => {
    const [a, b, c, d] = [await listed(), await listed(), await listed(), await listed()];
    keepWith(feed, { maxCards: 3 });
    const kept = keptCards(t.ctx.db)!;
    const asked: number[] = [];
    const leading = (n: number) => {
      asked.push(n);
      return [a, b, c, d].map((x) => x.productId).slice(0, n);
    };
    const when = new Date();
    expect(await readCardsAhead(t.ctx.db, leading, () => when)).toBe(3);
    expect(asked).toEqual([3]);
    expect(kept.size).toBe(3);
    // Kept as read: what the database says, and served without reading (views are not told by the triggers).
    await setViews(a.productId, 17);
    expect(Object.fromEntries(await cards([a.productId, b.productId, c.productId], when))).toEqual(
      Object.fromEntries(
        await uncached([a.productId, b.productId, c.productId], when).then((m) => {
          m.get(a.productId)!.product.views = 0;
          return m;
        }),
      ),
    );
    expect((await product(a.productId, when)).views).toBe(0);
    expect((await product(d.productId, when)).views).toBe(0);
    // Room for d was made by dropping the least recently served: the leading product a was read last, so it stays.
    expect(kept.get(a.productId, when.getTime())).toBeDefined();

    // Once the cards are no longer kept (the app closing) nothing is read; a second read ahead reads only what is not
    // kept.
    stopKeeping();
    expect(await readCardsAhead(t.ctx.db, leading, () => when)).toBe(0);
    keepWith(feed, { maxCards: 3 });
    await cards([b.productId], when);
    expect(await readCardsAhead(t.ctx.db, leading, () => when)).toBe(2);
    expect(keptCards(t.ctx.db)!.size).toBe(3);
  });

  it('keep no card whose product changed while it was read, none past their age, and a bounded number', async () => {
    const [a, b, c] = [await listed(), await listed(), await listed()];
    keepWith(feed, { maxCards: 2 });
    const kept = keptCards(t.ctx.db)!;
    const reading = kept.reading()!;
    const card = (await uncached([a.productId], new Date())).get(a.productId)!;
    await run(sql`update listings set quantity = 3 where id = ${a.listingId}`);
    await feed.sync();
    kept.keep(reading, a.productId, card, { from: -Infinity, until: Infinity });
    expect(kept.get(a.productId, Date.now())).toBeUndefined();

    await cards([a.productId, b.productId, c.productId]);
    expect(kept.size).toBe(2);
    expect(kept.get(a.productId, Date.now())).toBeUndefined();
    expect(kept.get(c.productId, Date.now())).toBeDefined();

    keepWith(feed, { ttlMs: 50 });
    await cards([a.productId]);
    await setViews(a.productId, 2);
    expect((await product(a.productId)).views).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await product(a.productId)).views).toBe(2);
  });
});
