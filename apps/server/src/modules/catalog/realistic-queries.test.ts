import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import type { SearchResult } from '@pricehub/shared/schemas/product';
import { queryRows } from '../../db/client';
import { createSeller } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import {
  deadEnds,
  REALISTIC_CATALOGUE,
  REALISTIC_QUERIES,
  seedRealisticCatalogue,
  zeroResultRate,
} from './realistic-queries';
import { rebuildSearchTerms } from './search-terms';

const t = await buildTestApp();
const seller = await createSeller(t, { storeName: 'Realistic Mart' });

const search = async (q: string, extra = ''): Promise<SearchResult> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResult;
};
const names = (r: SearchResult) => r.items.map((p) => p.name);

beforeAll(async () => {
  const [store] = await queryRows<{ id: number }>(t.ctx.db, sql`select id from stores where seller_id = ${seller.id}`);
  await seedRealisticCatalogue(t.ctx.db, store!.id);
  await rebuildSearchTerms(t.ctx.db);
  invalidateCatalogCache();
});

describe('the realistic query table', () => {
  it('has at least 40 queries, each expecting a product of the catalogue', () => {
    expect(REALISTIC_QUERIES.length).toBeGreaterThanOrEqual(40);
    expect(REALISTIC_CATALOGUE.length).toBeGreaterThanOrEqual(40);
    const catalogue = new Set(REALISTIC_CATALOGUE.map((p) => p.name));
    for (const { expect: name } of REALISTIC_QUERIES) expect(catalogue, name).toContain(name);
  });

  it.each(REALISTIC_QUERIES)('$q → $expect', async ({ q, expect: expected, closest }) => {
    const result = await search(q);
    expect(names(result), `${q}: ${JSON.stringify(names(result))}`).toContain(expected);
    // Exact answers are not dressed up as closest results, and the closest ones say so.
    expect(result.relaxed ?? false).toBe(closest ?? false);
  });

  it('has no dead end: every query finds something', async () => {
    const run = async (q: string) => (await search(q)).items.length;
    expect(await deadEnds(run)).toEqual([]);
    expect(await zeroResultRate(run)).toBe(0);
  });

  it('counts a dead end when a search finds nothing', async () => {
    const run = async (q: string) => (await search(q)).items.length;
    const queries = [{ q: 'xyzzy' }, { q: 'acer nitro 5' }, { q: 'zzzz qqqq' }, { q: 'galaxy' }];
    expect(await deadEnds(run, queries)).toEqual(['xyzzy', 'zzzz qqqq']);
    expect(await zeroResultRate(run, queries)).toBe(0.5);
  });
});

describe('what the words ask for', () => {
  it('reads storage from "256", "256 gb" and "256gb" alike, and "1 tb" as 1024 GB', async () => {
    for (const q of ['galaxy s24 ultra 256', 'galaxy s24 ultra 256 gb', 'galaxy s24 ultra 256gb']) {
      expect(names(await search(q))).toEqual(['Samsung Galaxy S24 Ultra 12GB 256GB']);
    }
    const tb = await search('lenovo 1tb');
    expect(tb.items.every((p) => p.storage === 1024 && p.brand === 'Lenovo')).toBe(true);
    expect(tb.total).toBe(4);
  });

  it('reads a lone "16 gb" in a laptop search as RAM and filters on it', async () => {
    const result = await search('hp laptop 16 gb');
    expect(names(result).sort()).toEqual([
      'HP Pavilion 15 Core i7 1355U 16GB 512GB SSD',
      'HP ProBook 450 G10 Core i5 16GB 512GB',
    ]);
    expect(result.facets.ram).toEqual([{ value: 16, count: 2 }]);
  });

  it('orders "cheap" searches cheapest first, unless the request chose an order', async () => {
    const cheap = await search('cheap samsung phone');
    const prices = cheap.items.map((p) => p.lowestPrice!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(cheap.items[0]!.name).toBe('Samsung Galaxy A05 4GB 64GB');
    const chosen = await search('cheap samsung phone', '&sort=price_desc');
    expect(chosen.items[0]!.name).toBe('Samsung Galaxy Z Fold6 12GB 512GB');
  });

  it('caps the price for "under 50k" and the request’s own price filter wins', async () => {
    const under = await search('phone under 50k');
    expect(under.total).toBe(7);
    expect(under.items.every((p) => p.lowestPrice! <= 50_000_00)).toBe(true);
    const own = await search('phone under 50k', '&maxPrice=3000000');
    expect(names(own).sort()).toEqual(['Nokia 105 Dual SIM', 'Samsung Galaxy A05 4GB 64GB']);
  });

  it('leaves out words that do not narrow', async () => {
    const students = await search('best laptop for students');
    const laptops = await search('laptop');
    expect(students.total).toBe(laptops.total);
    expect(students.relaxed).toBeUndefined();
  });
});

describe('closest results when every word together finds nothing', () => {
  it('shows the products that match the most words, and says what it left out', async () => {
    const result = await search('dell xps 15 32gb');
    expect(result.relaxed).toBe(true);
    expect(result.dropped).toEqual(['32gb']);
    // "dell" and "xps" match the XPS: it ranks above products that match one word.
    expect(result.items[0]!.name).toBe('Dell XPS 13 9340 Core Ultra 7 16GB 512GB');
    expect(messages.search.closest('dell xps 15 32gb')).toBe(
      'No exact match for “dell xps 15 32gb” — showing the closest results',
    );
  });

  it('drops a budget nothing meets and shows the cheapest first', async () => {
    const result = await search('laptop upto 60k');
    expect(result).toMatchObject({ relaxed: true, dropped: ['upto 60k'] });
    expect(result.items[0]!.name).toBe('Asus VivoBook 15 Core i3 8GB 256GB');
    expect(result.items.every((p) => p.category === 'laptop')).toBe(true);
  });

  it('keeps the request’s own filters', async () => {
    const result = await search('samsung xyzzy', '&category=laptop');
    expect(result.total).toBe(0);
    const phones = await search('galaxy xyzzy', '&category=mobile');
    expect(phones.relaxed).toBe(true);
    expect(phones.items.every((p) => p.category === 'mobile' && p.name.includes('Galaxy'))).toBe(true);
  });

  it('pages through the closest results', async () => {
    const page2 = await search('samsung galaxy xyzzy', '&pageSize=5&page=2');
    expect(page2).toMatchObject({ relaxed: true, page: 2 });
    expect(page2.items).toHaveLength(3);
  });

  it('does not relax a single unknown word', async () => {
    const result = await search('xyzzy');
    expect(result).toMatchObject({ total: 0, items: [] });
    expect(result.relaxed).toBeUndefined();
  });
});
