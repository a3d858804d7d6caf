import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRICE_FILTER_STEP } from '@pricehub/shared/rules/money';
import { queryRows } from '../../db/client';
import { createSeller } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { invalidateCatalogCache } from './cache';
import { addProduct, storeIdOf } from './test-fixtures';

const t = await buildTestApp();
const seller = await createSeller(t, { storeName: 'Facet Store' });
const other = await createSeller(t, { storeName: 'Other Facet Store' });

type Count = { category: string; brand: string; ram_gb: number; bucket: number; n: number };
const order = sql`order by category, brand, ram_gb, bucket`;

/** What the triggers keep, and what counting every product gives now, with the step the search uses. */
async function keptAndCounted(): Promise<[Count[], Count[]]> {
  const kept = await queryRows<Count>(
    t.ctx.db,
    sql`select category, brand, ram_gb, bucket, count as n from product_facet_counts where count <> 0 ${order}`,
  );
  const counted = await queryRows<Count>(
    t.ctx.db,
    sql`select category, brand, ram_gb, price / ${sql.raw(String(PRICE_FILTER_STEP))} as bucket, count(*)::int as n
        from products p where store_id is null or store_id in (select id from stores where status = 'open')
        group by 1, 2, 3, 4 ${order}`,
  );
  return [kept, counted];
}

const search = async (query: string) => {
  invalidateCatalogCache();
  const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    total: number;
    items: { id: number }[];
    facets: { brand: { value: string; count: number }[] };
  };
};

describe('facet counts kept by the triggers on products and stores (migration 0004)', () => {
  it('follow inserts, one-statement bulk inserts, moves between price steps, brand changes and deletes', async () => {
    const a = await addProduct(t, seller, { name: 'Facet Book A', brand: 'Acer', price: 99000, ram: 8 });
    await addProduct(t, seller, { name: 'Facet Book B', brand: 'Acer', price: 101000, ram: 8 });
    await addProduct(t, other, { name: 'Facet Phone', brand: 'Nokia', category: 'mobile', price: 40000, ram: 4 });
    // External-only products (no store), as ingestion writes them: many rows in one statement.
    await t.ctx.db.execute(sql`
      insert into products (store_id, name, brand, category, price)
      select null, 'Facet External ' || g, 'Acer', 'laptop', 90000 + g * 100000 from generate_series(1, 30) g`);
    let [kept, counted] = await keptAndCounted();
    expect(kept).toEqual(counted);

    // A price change within a step moves nothing; across a step, and a brand change, move the product.
    await t.ctx.db.execute(sql`update products set price = price + 100 where id = ${a.id}`);
    await t.ctx.db.execute(sql`update products set price = 160000 where id = ${a.id}`);
    await t.ctx.db.execute(sql`update products set brand = 'Asus', ram_gb = 16 where id = ${a.id}`);
    // Sales and views change no counted column.
    await t.ctx.db.execute(sql`update products set units_sold = units_sold + 3, views = views + 9`);
    await t.ctx.db.execute(sql`delete from products where name like 'Facet External 1%'`);
    [kept, counted] = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(kept.find((c) => c.brand === 'Asus')).toMatchObject({ n: 1, ram_gb: 16 });
  });

  it('give a search without words the same facets and total as counting its products', async () => {
    const result = await search('category=laptop&brand=acer');
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from products where category = 'laptop' and lower(brand) = 'acer'`,
    );
    expect(result.total).toBe(row!.n);
    expect(result.facets.brand).toEqual([{ value: 'Acer', count: row!.n }]);
    // A price range on Rs 5,000 steps is answered from the counts, one a paisa off the steps by counting the
    // products; no product costs that paisa, so both must agree.
    const stepped = await search('category=laptop&minPrice=90000&maxPrice=194999.99');
    const offStep = await search('category=laptop&minPrice=90000&maxPrice=194999.98');
    expect(stepped.total).toBeGreaterThan(0);
    expect(stepped.total).toBe(offStep.total);
    expect(stepped.facets).toEqual(offStep.facets);
  });

  it('leave out a closed store, take it back when it reopens, and stay right when a store is deleted', async () => {
    const otherStore = await storeIdOf(t, other);
    expect((await search('category=mobile&brand=nokia')).total).toBe(1);
    await t.ctx.db.execute(sql`update stores set status = 'closed' where id = ${otherStore}`);
    const closed = await search('category=mobile&brand=nokia');
    expect(closed.total).toBe(0);
    expect(closed.items).toEqual([]);
    // A product added to a closed store, or moved into one, is not counted either.
    await t.ctx.db.execute(sql`insert into products (store_id, name, brand, category, price)
                               values (${otherStore}, 'Facet Hidden', 'Nokia', 'mobile', 30000)`);
    let [kept, counted] = await keptAndCounted();
    expect(kept).toEqual(counted);

    await t.ctx.db.execute(sql`update stores set status = 'open' where id = ${otherStore}`);
    expect((await search('category=mobile&brand=nokia')).total).toBe(2);
    [kept, counted] = await keptAndCounted();
    expect(kept).toEqual(counted);

    // A store without orders can be deleted; its products go with it.
    const gone = await createSeller(t, { storeName: 'Short-lived Store' });
    await addProduct(t, gone, { name: 'Facet Gone', brand: 'Vivo', category: 'mobile', price: 20000, ram: 4 });
    await t.ctx.db.execute(sql`delete from stores where id = ${await storeIdOf(t, gone)}`);
    [kept, counted] = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(kept.some((c) => c.brand === 'Vivo')).toBe(false);
  });
});
