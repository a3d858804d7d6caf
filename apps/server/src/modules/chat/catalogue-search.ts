import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { activeSaleSql, unitPriceSql } from '../sales/pricing';
import type { ProductFilters } from './question-parser';

/** A catalogue product as the assistant quotes it: the lowest price a shopper can pay now, and where. */
export interface CatalogueHit {
  id: number;
  name: string;
  brand: string;
  category: string;
  ram: number;
  storage: number;
  /** Paisa: the lowest over our sellers' sale-aware prices and the available external offers. */
  lowestPrice: number;
  /** Every store with an available offer (its length is the store count), ours first. */
  stores: string[];
  positive: number;
  negative: number;
  inStock: boolean;
  url: string;
}

/** How strictly the question's words must match: all of them, any of them, or only rank the results. */
export type KeywordMode = 'all' | 'any' | 'rank';

interface HitRow {
  id: number;
  name: string;
  brand: string;
  category: string;
  ram_gb: number;
  storage_gb: number;
  lowest: number;
  stores: string[] | string | null;
  positive: number;
  negative: number;
  in_stock: boolean;
}

const ORDER: Record<ProductFilters['sort'], SQL> = {
  relevance: sql`rank desc, units_sold desc, views desc, lowest asc`,
  cheapest: sql`lowest asc, rank desc`,
  priciest: sql`lowest desc, rank desc`,
  bestRated: sql`(positive - negative) desc, positive desc, avg_rating desc nulls last, views desc`,
  mostPopular: sql`units_sold desc, views desc, rank desc`,
};

/**
 * The assistant's own small search over the catalogue products shoppers see: full-text on `products.search`
 * (websearch_to_tsquery) plus the parsed filters. Each product comes once, priced at the lowest price a shopper
 * pays now over its offers (our listings in open stores with their running sale, per sales/pricing, and other
 * stores' available offers; in stock first, as the cards), so that the budget filter and the "cheapest" order see
 * that price; `stores` names every store with an available offer, ours first.
 */
export async function searchCatalogue(
  db: Db,
  filters: ProductFilters,
  options: { now: Date; limit: number; keywordMode: KeywordMode },
): Promise<CatalogueHit[]> {
  const words = filters.keywords.join(options.keywordMode === 'all' ? ' ' : ' or ');
  const query = words ? sql`websearch_to_tsquery('simple', ${words})` : null;
  const conditions: SQL[] = [sql`p.visible`];
  if (query && options.keywordMode !== 'rank') conditions.push(sql`p.search @@ ${query}`);
  if (filters.category) conditions.push(sql`p.category = ${filters.category}`);
  if (filters.brand) conditions.push(sql`lower(p.brand) = ${filters.brand.toLowerCase()}`);
  if (filters.ram !== undefined) conditions.push(sql`p.ram_gb >= ${filters.ram}`);
  if (filters.storage !== undefined) conditions.push(sql`p.storage_gb >= ${filters.storage}`);
  const priceConditions: SQL[] = [sql`lowest is not null`];
  // A budget the shopper typed ("under 99999999999 lakh") is any number: compared as bigint, clamped to its range.
  if (filters.minPrice !== undefined) priceConditions.push(sql`lowest >= ${asBigint(filters.minPrice)}::bigint`);
  if (filters.maxPrice !== undefined) priceConditions.push(sql`lowest <= ${asBigint(filters.maxPrice)}::bigint`);
  const percent = sql`coalesce((${activeSaleSql(sql`l.id`, options.now)} ->> 'percent')::int, 0)`;
  const pays = unitPriceSql(sql`l.price`, percent);

  const rows = await queryRows<HitRow>(
    db,
    sql`with priced as (
          select p.id, p.name, p.brand, p.category::text as category, p.ram_gb, p.storage_gb, p.views, p.units_sold,
            ${query ? sql`ts_rank(p.search, ${query})` : sql`0::real`} as rank,
            offered.lowest, offered.in_stock, offered.stores,
            (select count(*)::int from reviews r where r.product_id = p.id and r.hidden_at is null and r.sentiment_score > 0) as positive,
            (select count(*)::int from reviews r where r.product_id = p.id and r.hidden_at is null and r.sentiment_score < 0) as negative,
            (select avg(r.rating) from reviews r where r.product_id = p.id and r.hidden_at is null) as avg_rating
          from products p
          left join lateral (
            select coalesce(min(x.pays) filter (where x.in_stock), min(x.pays)) as lowest,
                   coalesce(bool_or(x.in_stock), false) as in_stock,
                   array_agg(x.store order by x.ours desc, x.store) filter (where x.first) as stores
            from (
              select u.*, row_number() over (partition by u.store order by u.ours desc) = 1 as first
              from (
                select true as ours, st.name as store, ${pays} as pays, (l.quantity > 0 and l.stock = 'instock') as in_stock
                from listings l join stores st on st.id = l.store_id
                where l.product_id = p.id and st.status = 'open'
                union all
                select false, es.name, o.price::bigint, o.in_stock
                from offers o join external_stores es on es.id = o.external_store_id
                where o.product_id = p.id and o.available
              ) u
            ) x
          ) offered on true
          where ${sql.join(conditions, sql` and `)}
        )
        select id, name, brand, category, ram_gb, storage_gb, lowest, stores, positive, negative, in_stock
        from priced where ${sql.join(priceConditions, sql` and `)}
        order by ${ORDER[filters.sort]}, id asc
        limit ${options.limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    brand: r.brand,
    category: r.category,
    ram: r.ram_gb,
    storage: r.storage_gb,
    lowestPrice: Number(r.lowest),
    stores: storeList(r.stores),
    positive: r.positive,
    negative: r.negative,
    inStock: r.in_stock,
    url: `/result/productHub/${r.id}`,
  }));
}

/** A whole number within JavaScript's exact range (so within bigint's): a typed amount never fails the cast. */
function asBigint(n: number): string {
  if (Number.isNaN(n)) return '0';
  return String(Math.round(Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, n))));
}

/** PGlite and pg both parse text[]; a driver that does not hands back the literal "{a,b}". */
function storeList(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((s) => s.replace(/^"|"$/g, ''))
    .filter(Boolean);
}

/**
 * Tries the question's words strictly first, then loosely, then only as a ranking, so that "galaxy s24"
 * finds that phone and "a good laptop for coding" still answers with laptops.
 */
export async function findProducts(
  db: Db,
  filters: ProductFilters,
  options: { now: Date; limit: number },
): Promise<CatalogueHit[]> {
  const modes: KeywordMode[] = filters.keywords.length ? ['all', 'any', 'rank'] : ['rank'];
  for (const keywordMode of modes) {
    const hits = await searchCatalogue(db, filters, { ...options, keywordMode });
    if (hits.length) return hits;
  }
  return [];
}

/** Brands in the catalogue, so that the parser knows brands beyond its built-in list. */
export async function catalogueBrands(db: Db): Promise<string[]> {
  const rows = await queryRows<{ brand: string }>(
    db,
    sql`select distinct brand from products where visible order by brand limit 500`,
  );
  return rows.map((r) => r.brand);
}
