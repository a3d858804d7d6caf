import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productQuery, type Category } from '@pricehub/shared/schemas/product';
import { buildTestApp } from '../../testing/test-app';
import { createSeller } from '../../testing/factories';
import { insertListing } from '../../testing/catalogue';
import { queryRows } from '../../db/client';
import { plannedPerRun } from '../../db/planned-per-run';
import { searchUncached } from './search';
import { storeIdOf } from './test-fixtures';

/**
 * A page of a search without words is read one of two ways (search.ts, pageWithoutWords): every match read and
 * sorted when the facet counts say few match, or an index walked in the page's order when many do. Shoppers must get
 * the same page either way, and the page the filters and order describe.
 */
const t = await buildTestApp();
const seller = await createSeller(t, { storeName: 'Page Test Store' });
const storeId = await storeIdOf(t, seller);

interface Made {
  id: number;
  category: Category;
  brand: string;
  ramGb: number;
  price: number;
  unitsSold: number;
  views: number;
}

const brands = ['Acer', 'Dell', 'Samsung'];
const categories: Category[] = ['laptop', 'mobile'];
const made: Made[] = [];
for (let i = 0; i < 60; i++) {
  const fields = {
    category: categories[i % 2]!,
    brand: brands[i % 3]!,
    ramGb: [8, 16][Math.floor(i / 6) % 2]!,
    price: (20_000 + ((i * 7_919) % 90) * 1_000) * 100,
  };
  const { productId } = await insertListing(t.ctx.db, {
    storeId,
    name: `${fields.brand} Model ${i}`,
    ...fields,
  });
  // Ties on units sold, so that views and then the id decide some of the order.
  const unitsSold = (i * 37) % 7;
  const views = (i * 53) % 11;
  await t.ctx.db.execute(sql`update products set units_sold = ${unitsSold}, views = ${views} where id = ${productId}`);
  made.push({ id: productId, ...fields, unitsSold, views });
}

const ORDERS: Record<string, (a: Made, b: Made) => number> = {
  relevance: (a, b) => b.unitsSold - a.unitsSold || b.views - a.views || a.id - b.id,
  price_asc: (a, b) => a.price - b.price || a.id - b.id,
  price_desc: (a, b) => b.price - a.price || a.id - b.id,
  popular: (a, b) => b.views - a.views || b.unitsSold - a.unitsSold || a.id - b.id,
};

/** What the page must hold, worked out here from the rows made above. */
function expected(params: Record<string, string | number>, sort: string, page: number, pageSize: number): number[] {
  const min = Number(params.minPrice ?? 0);
  const max = Number(params.maxPrice ?? Number.MAX_SAFE_INTEGER);
  return made
    .filter(
      (m) =>
        (params.category === undefined || m.category === params.category) &&
        (params.brand === undefined || m.brand === params.brand) &&
        (params.ram === undefined || m.ramGb === Number(params.ram)) &&
        m.price >= min &&
        m.price <= max,
    )
    .sort(ORDERS[sort])
    .slice((page - 1) * pageSize, page * pageSize)
    .map((m) => m.id);
}

const SCOPES: Record<string, string | number>[] = [
  { category: 'laptop' },
  { category: 'mobile', brand: 'Samsung' },
  { category: 'laptop', brand: 'Acer', minPrice: 50_000_00, maxPrice: 99_999_99 },
  { category: 'laptop', ram: 16 },
  { brand: 'Dell', minPrice: 0, maxPrice: 44_999_99 },
  // No product is an 8 GB Samsung laptop under Rs 25,000: a page of nothing.
  { category: 'laptop', brand: 'Samsung', ram: 8, minPrice: 0, maxPrice: 24_999_99 },
];

describe('a search page without words', () => {
  it('is the same page, in the requested order, whether its matches are read whole or walked in order', async () => {
    let checked = 0;
    for (const scope of SCOPES) {
      for (const sort of Object.keys(ORDERS)) {
        for (const page of [1, 2]) {
          const query = productQuery.parse({ ...scope, sort, page: String(page), pageSize: '4' });
          const readWhole = await searchUncached(t.ctx.db, query, new Date(), { readAllAtMost: Infinity });
          const walked = await searchUncached(t.ctx.db, query, new Date(), { readAllAtMost: 0 });
          const want = expected(scope, sort, page, 4);
          expect(
            readWhole.items.map((p) => p.id),
            JSON.stringify({ scope, sort, page }),
          ).toEqual(want);
          expect(
            walked.items.map((p) => p.id),
            JSON.stringify({ scope, sort, page }),
          ).toEqual(want);
          expect(walked.total).toBe(readWhole.total);
          expect(walked.facets).toEqual(readWhole.facets);
          checked += want.length;
        }
      }
    }
    // The scopes above do hold products: the comparison was not of empty pages only.
    expect(checked).toBeGreaterThan(100);
  });

  it('counts every match in the total, past the last page too', async () => {
    const query = productQuery.parse({ category: 'mobile', brand: 'Samsung', page: '9', pageSize: '4' });
    const result = await searchUncached(t.ctx.db, query, new Date());
    expect(result.items).toEqual([]);
    expect(result.total).toBe(made.filter((m) => m.category === 'mobile' && m.brand === 'Samsung').length);
  });
});

describe('plannedPerRun', () => {
  it('keeps a statement out of the prepared statements, which an unmarked one joins', async () => {
    const marker = `planned_per_run_test_${Date.now()}`;
    const prepared = await t.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 6; i++) {
        await queryRows(tx, plannedPerRun(sql`select ${i}::int as n, ${marker + '_marked'}::text as m`));
        await queryRows(tx, sql`select ${i}::int as n, ${marker + '_plain'}::text as m`);
      }
      // Both answered; only one of them is a prepared statement of this connection.
      return queryRows<{ statement: string }>(
        tx,
        sql`select statement from pg_prepared_statements where statement like '%::text as m%'`,
      );
    });
    const statements = prepared.map((p) => p.statement);
    expect(statements.some((s) => s.includes('select $1::int as n, $2::text as m') && !s.includes('planned'))).toBe(
      true,
    );
    expect(statements.some((s) => s.includes('planned per run'))).toBe(false);
  });
});
