import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { insertCatalogueProduct, insertExternalOffer } from '../../testing/catalogue';
import { caller } from '../../testing/shop';
import { buildTestApp } from '../../testing/test-app';
import { keptCards } from './card-cache';

/**
 * An app that keeps the search index reads the cards of the products searches show first once the index has loaded
 * (app.ts, repository readCardsAhead): a process just started answers its first searches' pages from memory. Alone in its
 * file: kept cards are dropped whenever any app of the process writes to the catalogue.
 */
const names = ['Read Ahead One', 'Read Ahead Two', 'Read Ahead Three'];
const t = await buildTestApp({ searchIndex: true }, async (db) => {
  for (const name of names) {
    const productId = await insertCatalogueProduct(db, { name });
    await insertExternalOffer(db, { productId, storeName: 'Ahead Mart', price: 10_000_00, inStock: true });
  }
});
const call = caller(t);

describe('cards read ahead', () => {
  it('are kept for every shown product once the index has loaded, and a first search shows them', async () => {
    const { db } = t.ctx;
    await keptCards(db)!.readAhead;
    expect(keptCards(db)!.size).toBe(names.length);
    const ids = (await queryRows<{ id: number }>(db, sql`select id from products where visible order by id`)).map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(names.length);
    // Views are not told by the triggers: a first search that still shows none read no card from the database.
    await db.execute(sql`update products set views = 5`);
    const res = await call('GET', '/api/products?q=read%20ahead');
    expect(res.statusCode).toBe(200);
    const items: { id: number; name: string; views: number }[] = res.json().items;
    expect(items.map((p) => p.id).sort((a, b) => a - b)).toEqual(ids);
    expect(items.map((p) => p.views)).toEqual([0, 0, 0]);
  });
});
