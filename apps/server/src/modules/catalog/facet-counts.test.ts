import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRICE_FILTER_STEP } from '@pricehub/shared/rules/money';
import { queryRows } from '../../db/client';
import { insertCatalogueProduct } from '../../testing/catalogue';
import { createSeller } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { addOffer, listProduct, storeIdOf } from './test-fixtures';

const t = await buildTestApp();
const seller = await createSeller(t, { storeName: 'Facet Store' });
const other = await createSeller(t, { storeName: 'Other Facet Store' });

type Count = { category: string; brand: string; ram_gb: number; bucket: number; n: number };
const order = sql`order by category, brand, ram_gb, bucket`;

/** What the triggers keep, and what counting every visible catalogue product gives now, with the search's step. */
async function keptAndCounted(): Promise<[Count[], Count[]]> {
  const kept = await queryRows<Count>(
    t.ctx.db,
    sql`select category, brand, ram_gb, bucket, count as n from product_facet_counts where count <> 0 ${order}`,
  );
  const counted = await queryRows<Count>(
    t.ctx.db,
    sql`select category, brand, ram_gb, lowest_price / ${sql.raw(String(PRICE_FILTER_STEP))} as bucket,
          count(*)::int as n
        from products where visible group by 1, 2, 3, 4 ${order}`,
  );
  return [kept, counted];
}

const expectCountsRight = async () => {
  const [kept, counted] = await keptAndCounted();
  expect(kept).toEqual(counted);
  return kept;
};

const search = async (query: string) => {
  invalidateCatalogCache();
  const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    total: number;
    items: { id: number }[];
    facets: { brand: { value: string; count: number }[]; price: { min: number; count: number }[] };
  };
};

describe('facet counts kept by the triggers on listings, offers, stores and products (migration 0005)', () => {
  it('follow listings, bulk offers, a listing moving price step, brand changes and deletes', async () => {
    const a = await listProduct(t, seller, { name: 'Facet Book A', brand: 'Acer', price: 99_000_00, ram: 8 });
    await listProduct(t, seller, { name: 'Facet Book B', brand: 'Acer', price: 101_000_00, ram: 8 });
    await listProduct(t, other, { name: 'Facet Phone', brand: 'Nokia', category: 'mobile', price: 40_000_00, ram: 4 });
    // A second seller's cheaper listing of A moves A to a lower step: A is still one product.
    const cheaperA = await listProduct(t, other, {
      productId: a.id,
      name: 'Acer Facet A',
      brand: 'Acer',
      price: 91_000_00,
    });
    // External-only products as ingestion writes them: catalogue products, then many offers in one statement.
    const externalIds: number[] = [];
    for (let g = 1; g <= 12; g++) {
      externalIds.push(
        await insertCatalogueProduct(t.ctx.db, {
          name: `Facet External ${g}`,
          brand: 'Acer',
          category: 'laptop',
          ramGb: 8,
        }),
      );
    }
    await t.ctx.db.execute(sql`
      insert into external_stores (name, slug) values ('Facet Feed', 'facet-feed') on conflict (name) do nothing`);
    await t.ctx.db.execute(sql`
      insert into offers (external_store_id, product_id, store_item_id, url, name, price)
      select (select id from external_stores where name = 'Facet Feed'), p.id, 'facet-' || p.id, 'https://feed.example/' || p.id,
             p.name, 90000 * 100 + (p.id % 7) * 1000000
      from products p where p.name like 'Facet External %'`);
    await expectCountsRight();

    const bucketOf = async (id: number) =>
      (
        await queryRows<{ b: number }>(t.ctx.db, sql`select lowest_price / 500000 as b from products where id = ${id}`)
      )[0]!.b;
    expect(await bucketOf(a.id)).toBe(Math.floor(91000 / 5000));
    // A price change within a step moves nothing; across a step it moves the product.
    await t.ctx.db.execute(sql`update listings set price = price + 100 where id = ${cheaperA.listingId}`);
    await expectCountsRight();
    await t.ctx.db.execute(sql`update listings set price = 16000000 where id = ${cheaperA.listingId}`);
    expect(await bucketOf(a.id)).toBe(Math.floor(99000 / 5000));
    await expectCountsRight();
    // Out of stock: the in-stock listing's price counts, even when dearer.
    await t.ctx.db.execute(sql`update listings set price = 9000000 where id = ${cheaperA.listingId}`);
    await t.ctx.db.execute(
      sql`update listings set quantity = 0, stock = 'outofstock' where id = ${cheaperA.listingId}`,
    );
    expect(await bucketOf(a.id)).toBe(Math.floor(99000 / 5000));
    await expectCountsRight();
    // A catalogue edit of brand and RAM moves it too.
    await t.ctx.db.execute(sql`update products set brand = 'Asus', ram_gb = 16 where id = ${a.id}`);
    // Sales and views change no counted column.
    await t.ctx.db.execute(sql`update listings set units_sold = units_sold + 3`);
    await t.ctx.db.execute(sql`update products set views = views + 9`);
    // Offers that disappear from a feed stay (visible, priced as before); deleted ones hide an external-only product.
    await t.ctx.db.execute(sql`update offers set available = false where product_id = ${externalIds[0]!}`);
    await t.ctx.db.execute(sql`delete from offers where product_id in (${externalIds[1]!}, ${externalIds[2]!})`);
    const kept = await expectCountsRight();
    expect(kept.find((c) => c.brand === 'Asus')).toMatchObject({ n: 1, ram_gb: 16 });
    // A listing deleted: its product goes when nothing else offers it.
    await t.ctx.db.execute(sql`delete from listings where product_id = ${a.id}`);
    expect((await expectCountsRight()).some((c) => c.brand === 'Asus')).toBe(false);
  });

  it('give a search without words the same facets and total as counting its products', async () => {
    const result = await search('category=laptop&brand=acer');
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from products where visible and category = 'laptop' and lower(brand) = 'acer'`,
    );
    expect(result.total).toBe(row!.n);
    expect(result.facets.brand).toEqual([{ value: 'Acer', count: row!.n }]);
    // A price range on Rs 5,000 steps is answered from the counts, one a paisa off the steps by counting the
    // products; no product costs that paisa, so both must agree.
    const stepped = await search('category=laptop&minPrice=9000000&maxPrice=19499999');
    const offStep = await search('category=laptop&minPrice=9000000&maxPrice=19499998');
    expect(stepped.total).toBeGreaterThan(0);
    expect(stepped.total).toBe(offStep.total);
    expect(stepped.facets).toEqual(offStep.facets);
  });

  it('leave out a closed store, take it back when it reopens, and stay right when a store is deleted', async () => {
    const otherStore = await storeIdOf(t, other);
    expect((await search('category=mobile&brand=nokia')).total).toBe(1);
    // A product both stores list moves to the open store's price while the other is closed.
    const shared = await listProduct(t, other, {
      name: 'Facet Shared',
      brand: 'Oppo',
      category: 'mobile',
      price: 30_000_00,
    });
    await listProduct(t, seller, { productId: shared.id, name: 'Facet Shared', brand: 'Oppo', price: 52_000_00 });
    expect((await search('category=mobile&brand=oppo')).facets.price).toEqual([
      { min: 30_000_00, max: 35_000_00, count: 1 },
    ]);

    await t.ctx.db.execute(sql`update stores set status = 'closed' where id = ${otherStore}`);
    const closed = await search('category=mobile&brand=nokia');
    expect(closed.total).toBe(0);
    expect(closed.items).toEqual([]);
    expect((await search('category=mobile&brand=oppo')).facets.price).toEqual([
      { min: 50_000_00, max: 55_000_00, count: 1 },
    ]);
    // A listing added to a closed store is not counted either.
    await listProduct(t, other, { name: 'Facet Hidden', brand: 'Nokia', category: 'mobile', price: 30_000_00 });
    await expectCountsRight();

    await t.ctx.db.execute(sql`update stores set status = 'open' where id = ${otherStore}`);
    expect((await search('category=mobile&brand=nokia')).total).toBe(2);
    expect((await search('category=mobile&brand=oppo')).facets.price).toEqual([
      { min: 30_000_00, max: 35_000_00, count: 1 },
    ]);
    await expectCountsRight();

    // A store without orders can be deleted; its listings go with it, and a product only it listed is hidden.
    const gone = await createSeller(t, { storeName: 'Short-lived Store' });
    await listProduct(t, gone, { name: 'Facet Gone', brand: 'Vivo', category: 'mobile', price: 20_000_00, ram: 4 });
    await addOffer(t, shared.id, 'Facet Feed', 25_000_00);
    await t.ctx.db.execute(sql`delete from stores where id = ${await storeIdOf(t, gone)}`);
    const kept = await expectCountsRight();
    expect(kept.some((c) => c.brand === 'Vivo')).toBe(false);
    expect((await search('category=mobile&brand=oppo')).facets.price).toEqual([
      { min: 25_000_00, max: 30_000_00, count: 1 },
    ]);
  });
});
