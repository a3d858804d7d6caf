import { sql, type SQL } from 'drizzle-orm';
import { PRICE_FILTER_STEP, rupeesToPaisa } from '@pricehub/shared/rules/money';
import type { Category, ProductQuery, SearchResult } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../db/client';
import { brandSpellings } from './brands';
import { cached } from './cache';
import { analyseQuery, type AnalysedQuery } from './query-words';
import { sqlList, loadProducts, visibleProduct } from './repository';

const STEP_RUPEES = PRICE_FILTER_STEP / 100;

/** GET /api/products: cached per distinct query (see cache.ts for how changes show). */
export function searchProducts(db: Db, query: ProductQuery, now: () => Date): Promise<SearchResult> {
  const key = `search:${JSON.stringify(query)}`;
  return cached(key, () => searchUncached(db, query, now()));
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

function filters(query: ProductQuery, analysed: AnalysedQuery, brands: Map<string, string[]>): SQL[] {
  const conds: SQL[] = [visibleProduct('p')];
  const category: Category | undefined = query.category ?? analysed.category;
  if (category) conds.push(sql`p.category = ${category}`);
  const brandKey = (query.brand ?? analysed.brand)?.toLowerCase();
  if (brandKey !== undefined) {
    const spellings = brands.get(brandKey) ?? [query.brand ?? brandKey];
    conds.push(sql`p.brand in (${sqlList(spellings)})`);
  }
  if (query.ram !== undefined) conds.push(sql`p.ram_gb = ${query.ram}`);
  if (query.minPrice !== undefined) conds.push(sql`p.price >= ${rupeesToPaisa(query.minPrice)}`);
  if (query.maxPrice !== undefined) conds.push(sql`p.price <= ${rupeesToPaisa(query.maxPrice)}`);
  if (query.store) conds.push(sql`p.store_id = (select id from stores where slug = ${query.store})`);
  if (analysed.text.length > 0) conds.push(sql`p.search @@ (${textQuery(analysed.text)})`);
  return conds;
}

function ordering(query: ProductQuery, analysed: AnalysedQuery): { rank: SQL; order: SQL } {
  switch (query.sort) {
    case 'price_asc':
      return { rank: sql`0`, order: sql`price asc, id asc` };
    case 'price_desc':
      return { rank: sql`0`, order: sql`price desc, id asc` };
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

interface FacetRow {
  c: Category;
  b: string;
  r: number;
  k: number;
  n: number;
}

/** Rolls the (category, brand, RAM, price bucket) counts up into the four facets. */
function rollUp(rows: FacetRow[]): SearchResult['facets'] & { total: number } {
  const tally = <K>(key: (r: FacetRow) => K) => {
    const counts = new Map<K, number>();
    for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + r.n);
    return [...counts];
  };
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    category: tally((r) => r.c)
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count),
    brand: tally((r) => r.b)
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    ram: tally((r) => r.r)
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => a.value - b.value),
    price: tally((r) => r.k)
      .map(([k, count]) => ({ min: k * STEP_RUPEES, max: (k + 1) * STEP_RUPEES, count }))
      .sort((a, b) => a.min - b.min),
  };
}

/**
 * One scan of the matching rows (materialised once; an index-only scan when no text is searched) feeds both the
 * page and the facets. The facets come from a single GROUP BY over all four columns (a few hundred groups at
 * most), rolled up here, rather than one aggregate per facet.
 */
export async function searchUncached(db: Db, query: ProductQuery, now: Date): Promise<SearchResult> {
  const brands = await brandSpellings(db);
  const analysed = await analyseQuery(db, query.q, { category: query.category, brand: query.brand }, brands);
  const { rank, order } = ordering(query, analysed);
  const offset = (query.page - 1) * query.pageSize;
  const [row] = await queryRows<{ ids: number[] | null; facets: FacetRow[] | null }>(
    db,
    sql`with m as materialized (
          select p.id, p.category, p.brand, p.ram_gb, p.price, p.views, p.units_sold, p.created_at,
                 p.price / ${sql.raw(String(PRICE_FILTER_STEP))} as bucket, ${rank} as rank
          from products p where ${sql.join(filters(query, analysed, brands), sql` and `)}
        )
        select
          (select json_agg(id) from (select id from m order by ${order} limit ${query.pageSize} offset ${offset}) pg) as ids,
          (select json_agg(f) from (
            select category as c, brand as b, ram_gb as r, bucket as k, count(*)::int as n
            from m group by category, brand, ram_gb, bucket
          ) f) as facets`,
  );
  const { total, ...facets } = rollUp(row?.facets ?? []);
  const items = await loadProducts(db, row?.ids ?? [], now);
  return {
    items,
    total,
    page: query.page,
    pageSize: query.pageSize,
    facets,
    ...(analysed.corrected ? { corrected: analysed.corrected } : {}),
  };
}
