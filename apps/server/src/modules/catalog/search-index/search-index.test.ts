import { sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { productQuery, type ProductQuery } from '@pricehub/shared/schemas/product';
import { intArrayText, queryRows } from '../../../db/client';
import { seedBulkProducts } from '../../../db/seed/bulk';
import { seedDemoIfEmpty } from '../../../db/seed/demo';
import { Prng } from '../../../db/seed/prng';
import { buildTestApp } from '../../../testing/test-app';
import { CatalogueChanges } from '../change-feed';
import { searchUncached } from '../search';
import { MAX_SUGGESTIONS, suggestUncached, wordsTsquery } from '../suggestions';
import { splitWords } from '../query-words';
import { keepSearchIndex, LiveSearchIndex } from './live-index';
import { SearchIndex } from './search-index';

/**
 * The search index must answer every search exactly as the database does: the same page in the same order (ranks
 * included), the same total and facets, the same corrections and closest results. Compared here over a generated
 * catalogue and a few hundred searches of every kind, then again after changes the feed tells of.
 */
const t = await buildTestApp();
const db = t.ctx.db;
await seedDemoIfEmpty(t.ctx);
await seedBulkProducts(t.ctx, 1500);
// Ties on units sold and views, so that every tie-break of every order is exercised.
await db.execute(sql`update products set units_sold = (id * 37) % 7, views = (id * 53) % 11`);

const quiet = { info: () => {}, warn: () => {} };
const changes = new CatalogueChanges(t.ctx.database, quiet);
await changes.start();
const live = keepSearchIndex(db, changes, quiet);
await live.start();
afterAll(async () => {
  live.close();
  await changes.close();
});

const now = new Date();
const fromIndex = (q: ProductQuery) => searchUncached(db, q, now);
const fromDatabase = (q: ProductQuery) => searchUncached(db, q, now, { index: false });

/** Searches of every kind the shop sees, drawn with a fixed seed from the catalogue's own words. */
async function searches(count: number): Promise<ProductQuery[]> {
  const prng = new Prng(1818);
  const rand = () => prng.next();
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const names = (await queryRows<{ name: string }>(db, sql`select distinct name from products order by name`)).map(
    (r) => r.name,
  );
  const brands = (await queryRows<{ brand: string }>(db, sql`select distinct brand from products order by brand`)).map(
    (r) => r.brand,
  );
  const stores = (await queryRows<{ slug: string }>(db, sql`select slug from stores order by id`)).map((r) => r.slug);
  const typo = (w: string) => (w.length < 5 ? w : `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`);
  const sorts = ['relevance', 'price_asc', 'price_desc', 'popular', 'newest'] as const;
  const out: ProductQuery[] = [];
  for (const q of ['laptop', 'phone', 'gaming laptop', 'samsung', 'iphone 15', 'cheap laptop under 50k', '16gb ram'])
    out.push(productQuery.parse({ q }));
  // Whole names, which rank their product first (the exact-name boost).
  for (const name of names.filter((n) => /^[A-Za-z0-9 ]+$/.test(n)).slice(0, 20))
    out.push(productQuery.parse({ q: name }));
  while (out.length < count) {
    const words = pick(names).split(' ');
    const raw: Record<string, unknown> = { sort: pick(sorts), page: rand() < 0.8 ? 1 : 2 };
    const roll = rand();
    if (roll < 0.35) raw.q = words.slice(Math.floor(rand() * 2), 2 + Math.floor(rand() * 3)).join(' ');
    else if (roll < 0.45) raw.q = words.slice(0, 3).map(typo).join(' ');
    else if (roll < 0.55) raw.q = `${pick(['laptop', 'mobile', 'computer'])} ${words[1] ?? ''}`;
    if (rand() < 0.4) raw.category = pick(['mobile', 'laptop', 'computer']);
    if (rand() < 0.3) raw.brand = pick(brands);
    if (rand() < 0.2) raw.ram = pick([4, 8, 16, 32]);
    if (rand() < 0.3) {
      // On the Rs 5,000 steps the facet counts answer, and off them.
      const min = Math.floor(rand() * 30) * 5_000_00 + (rand() < 0.3 ? 1_234_00 : 0);
      raw.minPrice = min;
      raw.maxPrice = min + 40_000_00 - 1;
    }
    if (rand() < 0.08) raw.store = pick(stores);
    out.push(productQuery.parse(raw));
  }
  return out;
}

const queries = await searches(300);

describe('the search index', () => {
  it('is loaded and answers searches', async () => {
    expect(await live.current()).toBeDefined();
  });

  it('answers every search as the database does: page, order, total, facets, corrections', async () => {
    let withWords = 0;
    let manyMatches = 0;
    for (const q of queries) {
      const expected = await fromDatabase(q);
      expect(await fromIndex(q), JSON.stringify(q)).toEqual(expected);
      if (q.q && expected.total > 0) withWords += 1;
      if (expected.total > q.pageSize) manyMatches += 1;
    }
    // The comparison is worth something only if searches find things, with words and past one page.
    expect(withWords).toBeGreaterThan(60);
    expect(manyMatches).toBeGreaterThan(60);
  });

  it('follows products the feed tells of: a new name, a new price, a product gone from the shop', async () => {
    // The cheapest product becomes the dearest, and the next cheapest is renamed but keeps its place: a page walked in
    // an order sorted before the changes must show neither where it was (nor the renamed one twice).
    const [dearer, renamed] = await queryRows<{ id: number }>(
      db,
      sql`select id from products where visible order by lowest_price, id limit 2`,
    );
    const [repriced, hidden] = await queryRows<{ id: number }>(
      db,
      sql`select id from products where visible and id not in (${dearer!.id}, ${renamed!.id}) order by id limit 2`,
    );
    await db.execute(sql`update products set name = 'Zyxwvut Traveller 14' where id = ${renamed!.id}`);
    await db.execute(sql`update products set lowest_price = 1 where id = ${repriced!.id}`);
    await db.execute(sql`update products set visible = false where id = ${hidden!.id}`);
    await db.execute(sql`update products set lowest_price = 1999999999 where id = ${dearer!.id}`);
    await changes.sync();

    const named = await fromIndex(productQuery.parse({ q: 'zyxwvut traveller' }));
    expect(named.items.map((p) => p.id)).toEqual([renamed!.id]);
    const byPrice = productQuery.parse({ sort: 'price_asc' });
    const cheapest = await fromIndex(byPrice);
    expect(cheapest.items[0]!.id).toBe(repriced!.id);
    expect(cheapest.items.map((p) => p.id)).not.toContain(dearer!.id);
    expect(cheapest).toEqual(await fromDatabase(byPrice));
    const dearest = await fromIndex(productQuery.parse({ sort: 'price_desc' }));
    expect(dearest.items[0]!.id).toBe(dearer!.id);
    expect(cheapest.total).toBe((await fromDatabase(productQuery.parse({}))).total);
    for (const q of queries.slice(0, 60)) expect(await fromIndex(q), JSON.stringify(q)).toEqual(await fromDatabase(q));
    expect(await live.current()).toBeDefined();
  });

  it('ranks first a product written since the load to hold a word more heavily than any other, as the database does', async () => {
    // A ranked one-word search leaves unranked the matches that cannot reach its page, judged by the most any product
    // weighs the word. Forty products that weigh it alike, with as many views, are ordered by id, and loaded again
    // the index meets them in the order of their brands and names: each that comes with a lower id than the page's
    // last must displace it. Then one rewritten to weigh the word more must raise that most, or it would be left
    // unranked, coming last with fewer views.
    const alike = await queryRows<{ id: number }>(
      db,
      sql`select id from products where visible order by id desc limit 40`,
    );
    const ids = alike.map((r) => r.id);
    await db.execute(
      sql`update products set name = 'Quokka ' || name, views = 5 where id = any(${intArrayText(ids)}::int[])`,
    );
    changes.everythingChanged();
    await live.loaded();
    const search = productQuery.parse({ q: 'quokka' });
    const before = await fromIndex(search);
    expect(before.total).toBe(40);
    expect(before.items.map((p) => p.id)).toEqual([...ids].reverse().slice(0, search.pageSize));
    expect(before).toEqual(await fromDatabase(search));

    const [heavier] = await queryRows<{ id: number }>(
      db,
      sql`select id from products where visible and not (id = any(${intArrayText(ids)}::int[])) order by id limit 1`,
    );
    await db.execute(
      sql`update products set name = 'Quokka Quokka Quokka ' || name, views = 0 where id = ${heavier!.id}`,
    );
    await changes.sync();

    const after = await fromIndex(search);
    expect(after.total).toBe(41);
    expect(after.items[0]!.id).toBe(heavier!.id);
    expect(after).toEqual(await fromDatabase(search));
  });

  it("finds the names suggestions ask for as the database's two statements do, after a rename too", async () => {
    /** The names the database finds for every word but the last and a lexeme starting with the last. */
    const databaseNames = async (words: string[]) => {
      const rows = await queryRows<{ name: string }>(
        db,
        sql`select distinct name from products p where p.search @@ (${wordsTsquery(words)}) and p.visible`,
      );
      return rows.map((r) => r.name).sort();
    };
    const indexNames = async (words: string[], rows = 1_000_000) =>
      (await live.current())!.namesMatching(words.slice(0, -1), words[words.length - 1]!, rows).sort();
    /** The names the database finds starting with what was typed, in the order of the name prefix index. */
    const databaseStarting = async (typed: string, rows = 1_000_000) =>
      (
        await queryRows<{ name: string }>(
          db,
          sql`select p.name from products p where lower(p.name) like ${`${typed}%`} and p.visible
              order by lower(p.name) collate "C", p.id limit ${rows}`,
        )
      ).map((r) => r.name);
    const indexStarting = async (typed: string, rows = 1_000_000) =>
      (await live.current())!.namesStartingWith(typed, rows);
    const distinct = (names: string[]) => [...new Set(names)];
    const prng = new Prng(4711);
    const names = (await queryRows<{ name: string }>(db, sql`select distinct name from products order by name`)).map(
      (r) => r.name,
    );
    let found = 0;
    for (let i = 0; i < 120; i++) {
      const words = names[Math.floor(prng.next() * names.length)]!.toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
      const from = Math.floor(prng.next() * words.length);
      const asked = words.slice(from, from + 1 + Math.floor(prng.next() * 3));
      // The last word cut short, as it is while it is typed.
      const last = asked[asked.length - 1]!;
      asked[asked.length - 1] = last.slice(0, 1 + Math.floor(prng.next() * last.length));
      const expected = await databaseNames(asked);
      expect(await indexNames(asked), asked.join(' ')).toEqual(expected);
      if (expected.length > 0) found += 1;
      // The name's first words typed: the first products by lower-case name, as the prefix index walks them.
      const typed = words.slice(0, 1 + (i % 3)).join(' ');
      const cut = typed.slice(0, Math.max(1, typed.length - (i % 4)));
      expect(await indexStarting(cut, 8), cut).toEqual(distinct(await databaseStarting(cut, 8)));
      expect(await indexStarting(cut), cut).toEqual(distinct(await databaseStarting(cut)));
    }
    expect(found).toBeGreaterThan(100);
    // A word nobody has, and a prefix nothing starts with, find nothing.
    expect(await indexNames(['laptop', 'zzqx'])).toEqual([]);
    expect(await indexNames(['zzqx', 'lap'])).toEqual([]);
    // At most `rows` products are read: a broad prefix stops there.
    const broad = await indexNames(['s'], 3);
    expect(broad.length).toBeGreaterThan(0);
    expect(broad.length).toBeLessThanOrEqual(3);
    expect(await databaseNames(['s'])).toEqual(expect.arrayContaining(broad));

    // A product renamed after the load is found by its new words and no longer by those it lost.
    const [product] = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from products where visible order by id desc offset 3 limit 1`,
    );
    await db.execute(sql`update products set name = 'Plumbago Vortexa 9' where id = ${product!.id}`);
    await changes.sync();
    expect(await indexNames(['plumbago', 'vort'])).toEqual(['Plumbago Vortexa 9']);
    expect(await indexNames(['plumbago', 'vort'])).toEqual(await databaseNames(['plumbago', 'vort']));
    expect(await indexStarting('plumbago v')).toEqual(['Plumbago Vortexa 9']);
    const oldStart = product!.name.toLowerCase().slice(0, 4);
    expect(await indexStarting(oldStart)).toEqual(distinct(await databaseStarting(oldStart)));
    await db.execute(sql`update products set name = ${product!.name} where id = ${product!.id}`);
    await changes.sync();
    expect(await indexNames(['plumbago', 'vort'])).toEqual([]);
    expect(await indexNames(['plumb'])).toEqual(await databaseNames(['plumb']));
    expect(await indexStarting('plumbago')).toEqual([]);
    expect(await indexStarting(oldStart)).toEqual(distinct(await databaseStarting(oldStart)));
  });

  it('suggests what the database suggests, wherever the database has no choice of which products to read', async () => {
    // Past 60 products holding the words, the index reads the first in slot order and PostgreSQL in table order.
    const fewHold = async (words: string[]) => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from products p where p.visible and (p.search @@ (${wordsTsquery(words)})
              or lower(p.name) like ${`${words.join(' ')}%`})`,
      );
      return row!.n <= 60;
    };
    const prng = new Prng(5150);
    const names = (await queryRows<{ name: string }>(db, sql`select distinct name from products order by name`)).map(
      (r) => r.name,
    );
    let compared = 0;
    let full = 0;
    for (let i = 0; i < 150; i++) {
      const name = names[Math.floor(prng.next() * names.length)]!;
      const typed = name.slice(0, 2 + Math.floor(prng.next() * (name.length - 1)));
      const words = splitWords(typed);
      if (words.length === 0 || !(await fewHold(words))) continue;
      const fromIndex = await suggestUncached(db, words);
      expect(fromIndex, typed).toEqual(await suggestUncached(db, words, { index: false }));
      compared += 1;
      if (fromIndex.length === MAX_SUGGESTIONS) full += 1;
    }
    expect(compared).toBeGreaterThan(40);
    expect(full).toBeGreaterThan(0);
  });

  it('finds a product written again by the words it kept, gained and lost, ranked as the database ranks it', async () => {
    // Its entries in the postings built at load are stale once it is written again: it is looked up apart.
    const [product] = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from products where visible and name ~ '^[A-Za-z0-9 ]+$' order by id desc limit 1`,
    );
    const byName = productQuery.parse({ q: product!.name });
    await db.execute(sql`update products set lowest_price = lowest_price + 100 where id = ${product!.id}`);
    await changes.sync();
    const found = await fromIndex(byName);
    expect(found.items.map((p) => p.id)).toContain(product!.id);
    expect(found).toEqual(await fromDatabase(byName));

    await db.execute(sql`update products set name = ${`${product!.name} Qwertzuiop`} where id = ${product!.id}`);
    await changes.sync();
    const gained = productQuery.parse({ q: 'qwertzuiop' });
    expect((await fromIndex(gained)).items.map((p) => p.id)).toEqual([product!.id]);
    await db.execute(sql`update products set name = ${product!.name} where id = ${product!.id}`);
    await changes.sync();
    expect((await fromIndex(gained)).total).toBe(0);
    expect(await fromIndex(byName)).toEqual(await fromDatabase(byName));
  });

  it('finds a word of a description by its English stem, as the database does', async () => {
    const [described] = await queryRows<{ id: number }>(
      db,
      sql`select id from products where visible order by id desc offset 5 limit 1`,
    );
    await db.execute(sql`update products set description = 'Keeps zyxwvuting all day' where id = ${described!.id}`);
    await changes.sync();
    const q = productQuery.parse({ q: 'zyxwvuted' });
    const found = await fromIndex(q);
    expect(found.items.map((p) => p.id)).toContain(described!.id);
    expect(found).toEqual(await fromDatabase(q));
  });

  it("has asked the dictionary's words ahead: a search of them costs no statement, a new word one", async () => {
    const statements: string[] = [];
    // The same database, each statement it is sent noted.
    const counted = new Proxy(db, {
      get: (target, key) =>
        key === 'execute'
          ? (query: Parameters<typeof db.execute>[0]) => {
              statements.push(String(key));
              return target.execute(query);
            }
          : Reflect.get(target, key),
    });
    const ahead = keepSearchIndex(counted, changes, quiet);
    try {
      await ahead.start();
      statements.length = 0;
      const [known] = await queryRows<{ term: string }>(
        db,
        sql`select term from search_terms
            where plainto_tsquery('simple', term)::text <> plainto_tsquery('english', term)::text
            order by weight desc limit 1`,
      );
      const tree = await ahead.tsquery([[known!.term], ['laptop', 'notebook']]);
      expect(tree).not.toBeNull();
      expect(statements).toHaveLength(0);
      await ahead.tsquery([['zqxjkv'], [known!.term]]);
      expect(statements).toHaveLength(1);
      expect(statements).toHaveLength(1);
      // What asking PostgreSQL answers (an index never started has asked nothing ahead).
      const asking = new LiveSearchIndex(db, changes, quiet);
      expect(await ahead.tsquery([['zqxjkv']])).toEqual(await asking.tsquery([['zqxjkv']]));
      expect(await ahead.tsquery([[known!.term]])).toEqual(await asking.tsquery([[known!.term]]));
    } finally {
      ahead.close();
    }
  });

  it('reads views again on its schedule: they change with every visit and are not told', async () => {
    const [visited] = await queryRows<{ id: number }>(
      db,
      sql`select id from products where visible order by views asc, id desc limit 1`,
    );
    await db.execute(sql`update products set views = 1000000 where id = ${visited!.id}`);
    await changes.sync();
    const popular = productQuery.parse({ sort: 'popular' });
    expect((await fromDatabase(popular)).items[0]!.id).toBe(visited!.id);
    expect((await fromIndex(popular)).items[0]!.id).not.toBe(visited!.id);
    await live.refreshPopularity();
    expect(await fromIndex(popular)).toEqual(await fromDatabase(popular));
  });

  it("keeps the products priced exactly at a price filter's bounds in a page walked in price order", async () => {
    const [atMin, atMax] = await queryRows<{ id: number }>(
      db,
      sql`select id from products where visible order by id desc limit 2`,
    );
    const minPrice = 20 * 5_000_00;
    const maxPrice = 40 * 5_000_00 - 1;
    await db.execute(sql`update products set lowest_price = ${minPrice} where id = ${atMin!.id}`);
    await db.execute(sql`update products set lowest_price = ${maxPrice} where id = ${atMax!.id}`);
    // Loaded again, so that the two are walked in their sorted places rather than weighed apart as moved.
    changes.everythingChanged();
    await live.loaded();
    for (const [sort, first, last] of [
      ['price_asc', atMin, atMax],
      ['price_desc', atMax, atMin],
    ] as const) {
      const q = productQuery.parse({ sort, minPrice, maxPrice });
      const page = await fromIndex(q);
      expect(page.total).toBeGreaterThan(q.pageSize);
      expect(page.items[0]!.id).toBe(first!.id);
      expect(page).toEqual(await fromDatabase(q));
      const end = productQuery.parse({ sort, minPrice, maxPrice, page: Math.ceil(page.total / q.pageSize) });
      const lastPage = await fromIndex(end);
      expect(lastPage.items.at(-1)!.id).toBe(last!.id);
      expect(lastPage).toEqual(await fromDatabase(end));
    }
  });

  it('sends searches to the database while it loads again after everything changed', async () => {
    changes.everythingChanged();
    expect(await live.current()).toBeUndefined();
    await db.execute(sql`update products set units_sold = units_sold + 1`);
    for (const q of queries.slice(0, 20)) expect(await fromIndex(q)).toEqual(await fromDatabase(q));
    await live.loaded();
    expect(await live.current()).toBeDefined();
    for (const q of queries.slice(0, 60)) expect(await fromIndex(q), JSON.stringify(q)).toEqual(await fromDatabase(q));
  });
  it("walks one brand's products in a category, with those moved into it or out of it since the sort", async () => {
    // The most popular laptop of one brand becomes another brand's, and the most popular of all, after the load.
    const [moving] = await queryRows<{ id: number; brand: string }>(
      db,
      sql`select id, brand from products where visible and category = 'laptop' order by units_sold desc, id limit 1`,
    );
    const [other] = await queryRows<{ brand: string }>(
      db,
      sql`select brand from products where visible and category = 'laptop' and brand <> ${moving!.brand}
          group by brand order by count(*) desc limit 1`,
    );
    await db.execute(sql`update products set brand = ${other!.brand}, units_sold = 1000 where id = ${moving!.id}`);
    await changes.sync();
    const into = productQuery.parse({ category: 'laptop', brand: other!.brand });
    const intoPage = await fromIndex(into);
    expect(intoPage.items[0]!.id).toBe(moving!.id);
    expect(intoPage).toEqual(await fromDatabase(into));
    const outOf = productQuery.parse({ category: 'laptop', brand: moving!.brand });
    const outOfPage = await fromIndex(outOf);
    expect(outOfPage.items.map((p) => p.id)).not.toContain(moving!.id);
    expect(outOfPage).toEqual(await fromDatabase(outOf));
  });

  it('loads each product into the slot planned for it, whatever leaves or joins the shop meanwhile', async () => {
    // Slots are planned by one statement and the products read by the next ones (SearchIndex.planSlots): between
    // them, one product leaves the shop and another, absent from the plan, comes back.
    const [leaving, joining] = await queryRows<{ id: number }>(
      db,
      sql`select id from products where visible order by id desc limit 2`,
    );
    await db.execute(sql`update products set visible = false where id = ${joining!.id}`);
    let statements = 0;
    const meanwhile = new Proxy(db, {
      get: (target, key) =>
        key === 'execute'
          ? async (query: SQL) => {
              if (statements++ === 1) {
                await db.execute(sql`update products set visible = false where id = ${leaving!.id}`);
                await db.execute(sql`update products set visible = true where id = ${joining!.id}`);
              }
              return target.execute(query);
            }
          : Reflect.get(target, key),
    });
    const shown = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products where visible`))[0]!.n;

    // Whether the index finds the product by a word of its own.
    const finds = async (index: SearchIndex, id: number) => {
      const [word] = await queryRows<{ lexeme: string }>(
        db,
        sql`select (tsvector_to_array(search))[1] as lexeme from products where id = ${id}`,
      );
      const answer = index.search({
        text: { lexeme: word!.lexeme },
        order: 'newest',
        phrase: '',
        limit: 5000,
        offset: 0,
      });
      return answer.ids.includes(id);
    };

    const index = await SearchIndex.load(meanwhile);
    expect(statements).toBeGreaterThan(1);
    expect(await finds(index, leaving!.id)).toBe(false);
    expect(await finds(index, joining!.id)).toBe(false);
    expect(index.count).toBe((await shown()) - 1);
    // The feed tells of both (live-index.ts reads them after its load): the one that came back takes a new slot.
    await index.reload(db, [leaving!.id, joining!.id]);
    expect(await finds(index, joining!.id)).toBe(true);
    expect(await finds(index, leaving!.id)).toBe(false);
    expect(index.count).toBe(await shown());
    await db.execute(sql`update products set visible = true where id = ${leaving!.id}`);
  });
});
