import { sql, type SQL } from 'drizzle-orm';
import { PRICE_FILTER_STEP } from '@pricehub/shared/rules/money';
import type { ProductQuery, SearchResult } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../db/client';
import { plannedPerRun } from '../../db/planned-per-run';
import { openStoresSql } from '../accounts/queries';
import { cached } from '../../cache/catalogue-cache';
import { brandSpellings } from './brands';
import { keptCards } from './card-cache';
import { analyseQuery, withClosestResults, type AnalysedQuery, type EveryKey } from './query-words';
import { sqlList, loadProducts, visibleProduct } from './repository';
import { searchIndexOf, type LiveSearchIndex } from './search-index/live-index';
import {
  tallyOf,
  type FacetGroup,
  type FacetTally,
  type IndexAnswer,
  type SearchFilters,
  type SearchIndex,
} from './search-index/search-index';

/**
 * GET /api/products as the JSON text to send, cached per distinct query (see cache.ts for how changes show). The
 * text is what is kept, so a repeated search costs neither the database nor JSON.stringify.
 */
export function searchProductsJson(db: Db, query: ProductQuery, now: () => Date): Promise<string> {
  const key = `search:${JSON.stringify(query)}`;
  return cached(key, async () => resultJson(db, await searchUncached(db, query, now())));
}

/** JSON.stringify(result), with each kept card's text made once (card-cache.ts json) instead of for every answer. */
function resultJson(db: Db, { items, ...rest }: SearchResult): string {
  const kept = keptCards(db);
  const cards = items.map((p) => kept?.json(p) ?? JSON.stringify(p));
  // `rest` keeps the result's order of keys after items (total, page, pageSize, facets, corrected).
  return `{"items":[${cards.join(',')}],${JSON.stringify(rest).slice(1)}`;
}

/** Either spelling of a word, in the name/brand ('simple') or the description ('english' stems). */
function textQuery(text: string[][]): SQL {
  const perWord = text.map((spellings) =>
    sql.join(
      spellings.map((w) => sql`plainto_tsquery('simple', ${w}) || plainto_tsquery('english', ${w})`),
      sql` || `,
    ),
  );
  return sql.join(
    perWord.map((w) => sql`(${w})`),
    sql` && `,
  );
}

/** What a search is narrowed to, worked out once from the request and the words recognised in it. */
interface Scope extends SearchFilters {
  text: string[][];
}

function scopeOf(query: ProductQuery, analysed: AnalysedQuery, brands: Map<string, string[]>): Scope {
  const brandKey = (query.brand ?? analysed.brand)?.toLowerCase();
  return {
    category: query.category ?? analysed.category,
    brands: brandKey === undefined ? undefined : (brands.get(brandKey) ?? [query.brand ?? brandKey]),
    ram: query.ram,
    storage: analysed.storage,
    minPaisa: query.minPrice,
    maxPaisa: query.maxPrice,
    store: query.store,
    text: analysed.text,
  };
}

/** The shared equality filters, on a products row (p) or a facet-count row (f): the columns are named alike. */
function equalities(scope: Scope, alias: 'p' | 'f'): SQL[] {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const conds: SQL[] = [];
  if (scope.category) conds.push(sql`${col('category')} = ${scope.category}`);
  if (scope.brands) conds.push(sql`${col('brand')} in (${sqlList(scope.brands)})`);
  if (scope.ram !== undefined) conds.push(sql`${col('ram_gb')} = ${scope.ram}`);
  return conds;
}

/** The catalogue products in scope (alias p); prices are the products' lowest base price (products.lowest_price). */
function productConditions(scope: Scope): SQL[] {
  const conds = [visibleProduct('p'), ...equalities(scope, 'p')];
  if (scope.storage !== undefined) conds.push(sql`p.storage_gb = ${scope.storage}`);
  if (scope.store) {
    // The catalogue products the store lists (while it is open: a closed store's page shows nothing either).
    conds.push(sql`p.id in (select l.product_id from listings l join ${openStoresSql} s on s.id = l.store_id
                             where s.slug = ${scope.store})`);
  }
  if (scope.minPaisa !== undefined) conds.push(sql`p.lowest_price >= ${scope.minPaisa}`);
  if (scope.maxPaisa !== undefined) conds.push(sql`p.lowest_price <= ${scope.maxPaisa}`);
  if (scope.text.length > 0) conds.push(sql`p.search @@ (${textQuery(scope.text)})`);
  return conds;
}

/**
 * The facet-count rows in scope (alias f; see product_facet_counts), or null when they cannot answer: words to
 * match, one store's products, or a price bound between two Rs 5,000 steps (the price chips always fall on them).
 */
function countConditions(scope: Scope): SQL[] | null {
  if (scope.text.length > 0 || scope.store || scope.storage !== undefined) return null;
  const { minPaisa: min, maxPaisa: max } = scope;
  if (
    (min !== undefined && min % PRICE_FILTER_STEP !== 0) ||
    (max !== undefined && (max + 1) % PRICE_FILTER_STEP !== 0)
  ) {
    return null;
  }
  const conds = [sql`f.count > 0`, ...equalities(scope, 'f')];
  if (min !== undefined) conds.push(sql`f.bucket >= ${min / PRICE_FILTER_STEP}`);
  if (max !== undefined) conds.push(sql`f.bucket <= ${(max + 1) / PRICE_FILTER_STEP - 1}`);
  return conds;
}

function ordering(query: ProductQuery, analysed: AnalysedQuery): { rank: SQL; order: SQL } {
  switch (query.sort) {
    case 'price_asc':
      return { rank: sql`0`, order: sql`lowest_price asc, id asc` };
    case 'price_desc':
      return { rank: sql`0`, order: sql`lowest_price desc, id asc` };
    case 'popular':
      return { rank: sql`0`, order: sql`views desc, units_sold desc, id asc` };
    case 'newest':
      return { rank: sql`0`, order: sql`created_at desc, id desc` };
    default:
      // Only text matches need ranking; filter-only queries order by what sells.
      if (analysed.text.length === 0) return { rank: sql`0`, order: sql`units_sold desc, views desc, id asc` };
      return {
        rank: sql`(case when lower(p.name) = ${analysed.phrase} then 10 else 0 end) + ts_rank(p.search, ${textQuery(analysed.text)})`,
        order: sql`rank desc, views desc, id asc`,
      };
  }
}

/** The four facets as the answer lists them: most products first (ties by name), RAM and prices ascending. */
function facetsOf(tally: FacetTally): SearchResult['facets'] {
  return {
    category: [...tally.category]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    brand: [...tally.brand]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    ram: [...tally.ram].map(([value, count]) => ({ value, count })).sort((a, b) => a.value - b.value),
    price: [...tally.bucket]
      .map(([k, count]) => ({ min: k * PRICE_FILTER_STEP, max: (k + 1) * PRICE_FILTER_STEP, count }))
      .sort((a, b) => a.min - b.min),
  };
}

/**
 * A search without words reads its facets from product_facet_counts (a few thousand rows whatever the catalogue's
 * size), and then its page: its matches read whole when the counts say they are few, else an index walked in the
 * requested order (pageWithoutWords). A search with words reads the matching rows once
 * (materialised) for both the page and the facets. Either way the facets come from one GROUP BY over (category,
 * brand, RAM, price step), rolled up here.
 */
export async function searchUncached(
  db: Db,
  query: ProductQuery,
  now: Date,
  tuning: SearchTuning = {},
): Promise<SearchResult> {
  query = inOneShape(query);
  const brands = await brandSpellings(db);
  const analysed = await analyseQuery(db, query.q, { category: query.category, brand: query.brand }, brands);
  // Specs, budget and order words apply; when every word together finds nothing, once more for the closest results.
  return withClosestResults(query, analysed, (q, a) => searchAnalysed(db, q, a, brands, now, tuning));
}

/**
 * The request with every key present, in one order. Requests name different filters, and an object of each set of
 * keys is a shape of its own to V8: code compiled for the shapes seen so far was thrown away as each new one came
 * (measured: searchAnalysed compiled again six times in the long tail's first pass).
 */
function inOneShape(query: ProductQuery): EveryKey<ProductQuery> {
  return {
    q: query.q,
    category: query.category,
    brand: query.brand,
    ram: query.ram,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
    store: query.store,
  };
}

/** How a search goes about its work; the answer is the same whatever it says. */
export interface SearchTuning {
  /** Up to this many matches, a page without words reads them all and sorts them (pageWithoutWords). */
  readAllAtMost?: number;
  /** false: ask the database even when the process keeps a search index (search-index/live-index.ts). */
  index?: boolean;
}

const READ_ALL_AT_MOST = 3_000;

/** A result page's conditions on products (alias p), its order, and its place in the results. */
interface PageSql {
  where: SQL;
  order: SQL;
  limit: number;
  offset: number;
}

/**
 * The ids of a page of a search without words, in the requested order, when the facet counts say `matches` products
 * are in scope. PostgreSQL takes category, brand and price as independent, so its guess of how many products match
 * can be wrong a hundredfold either way, and with it its choice of plan:
 * - walking an index in the page's order and stopping at the page's end is right when many match. When none do
 *   ("Apple laptops from Rs 70,000 to Rs 1,20,000", of a million products) it walked all of them: 1.9 s.
 * - reading every match and sorting them is right when few match. For 13,900 Samsung phones it took 72-154 ms.
 *
 * The counts know the number, so it chooses: up to READ_ALL_AT_MOST matches they are read whole (a materialised CTE,
 * so no index order can be walked), past it the ordered walk finds a page's worth quickly. Either way the statement is
 * planned with its values (db/planned-per-run.ts): a generic plan would read every match whatever their number. A page
 * past the last match needs no statement.
 */
async function pageWithoutWords(db: Db, page: PageSql, matches: number, readAllAtMost: number): Promise<number[]> {
  if (page.offset >= matches) return [];
  const { where, order, limit, offset } = page;
  const statement =
    matches <= readAllAtMost
      ? sql`with m as materialized (
              select p.id, p.lowest_price, p.views, p.units_sold, p.created_at from products p where ${where}
            )
            select id from m order by ${order} limit ${limit} offset ${offset}`
      : sql`select p.id from products p where ${where} order by ${order} limit ${limit} offset ${offset}`;
  const rows = await queryRows<{ id: number }>(db, plannedPerRun(statement));
  return rows.map((r) => r.id);
}

async function searchAnalysed(
  db: Db,
  query: ProductQuery,
  analysed: AnalysedQuery,
  brands: Map<string, string[]>,
  now: Date,
  tuning: SearchTuning,
): Promise<SearchResult> {
  const scope = scopeOf(query, analysed, brands);
  const offset = (query.page - 1) * query.pageSize;
  const live = tuning.index === false ? undefined : searchIndexOf(db);
  const index = await live?.current();
  const { ids, tally } = index
    ? await fromIndex(live!, index, query, analysed, scope, offset)
    : await fromDatabase(db, query, analysed, scope, offset, tuning);
  const items = await loadProducts(db, ids, now);
  return {
    items,
    total: tally.total,
    page: query.page,
    pageSize: query.pageSize,
    facets: facetsOf(tally),
    ...(analysed.corrected ? { corrected: analysed.corrected } : {}),
  };
}

/** The page's ids and the facets from the process's search index (search-index/), without the database. */
async function fromIndex(
  live: LiveSearchIndex,
  index: SearchIndex,
  query: ProductQuery,
  analysed: AnalysedQuery,
  scope: Scope,
  offset: number,
): Promise<IndexAnswer> {
  const { text, ...filters } = scope;
  const words = text.length === 0 ? undefined : await live.tsquery(text);
  return index.search({
    ...filters,
    text: words,
    order: query.sort,
    phrase: analysed.phrase,
    limit: query.pageSize,
    offset,
  });
}

/** The page's ids and the facets from PostgreSQL. */
async function fromDatabase(
  db: Db,
  query: ProductQuery,
  analysed: AnalysedQuery,
  scope: Scope,
  offset: number,
  tuning: SearchTuning,
): Promise<IndexAnswer> {
  const { rank, order } = ordering(query, analysed);
  const where = sql.join(productConditions(scope), sql` and `);
  const counted = countConditions(scope);
  let ids: number[];
  let facetRows: FacetGroup[];
  if (counted) {
    facetRows = await queryRows<FacetGroup>(
      db,
      // One row per (category, brand, RAM, price step) already: the table's primary key.
      sql`select f.category as c, f.brand as b, f.ram_gb as r, f.bucket as k, f.count as n
          from product_facet_counts f where ${sql.join(counted, sql` and `)}`,
    );
    const matches = facetRows.reduce((sum, r) => sum + r.n, 0);
    const page = { where, order, limit: query.pageSize, offset };
    ids = await pageWithoutWords(db, page, matches, tuning.readAllAtMost ?? READ_ALL_AT_MOST);
  } else {
    const [row] = await queryRows<{ ids: number[] | null; facets: FacetGroup[] | null }>(
      db,
      sql`with m as materialized (
          select p.id, p.category, p.brand, p.ram_gb, p.lowest_price, p.views, p.units_sold, p.created_at,
                 p.lowest_price / ${sql.raw(String(PRICE_FILTER_STEP))} as bucket, ${rank} as rank
          from products p where ${where}
        )
        select
          (select json_agg(id) from (select id from m order by ${order} limit ${query.pageSize} offset ${offset}) pg) as ids,
          (select json_agg(f) from (
            select category as c, brand as b, ram_gb as r, bucket as k, count(*)::int as n
            from m group by category, brand, ram_gb, bucket
          ) f) as facets`,
    );
    ids = row?.ids ?? [];
    facetRows = row?.facets ?? [];
  }
  return { ids, tally: tallyOf(facetRows) };
}
