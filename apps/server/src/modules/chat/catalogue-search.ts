import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { ProductFilters } from './question-parser';

/** A product as the assistant quotes it: the lowest price a shopper can pay now, and where. */
export interface CatalogueHit {
  id: number;
  name: string;
  brand: string;
  category: string;
  ram: number;
  storage: number;
  /** Paisa: the lowest of our seller's sale-aware price and the available external offers. */
  lowestPrice: number;
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
  our_store: string | null;
  offer_stores: string[] | string | null;
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
 * The assistant's own small search over open stores' products and external-only products: full-text on
 * `products.search` (websearch_to_tsquery) plus the parsed filters, priced sale-aware in SQL so that the
 * budget filter and the "cheapest" order see the price the shopper pays.
 */
export async function searchCatalogue(
  db: Db,
  filters: ProductFilters,
  options: { now: Date; limit: number; keywordMode: KeywordMode },
): Promise<CatalogueHit[]> {
  const words = filters.keywords.join(options.keywordMode === 'all' ? ' ' : ' or ');
  const query = words ? sql`websearch_to_tsquery('simple', ${words})` : null;
  const conditions: SQL[] = [sql`(p.store_id is null or st.status = 'open')`];
  if (query && options.keywordMode !== 'rank') conditions.push(sql`p.search @@ ${query}`);
  if (filters.category) conditions.push(sql`p.category = ${filters.category}`);
  if (filters.brand) conditions.push(sql`lower(p.brand) = ${filters.brand.toLowerCase()}`);
  if (filters.ram !== undefined) conditions.push(sql`p.ram_gb >= ${filters.ram}`);
  if (filters.storage !== undefined) conditions.push(sql`p.storage_gb >= ${filters.storage}`);
  const priceConditions: SQL[] = [sql`lowest is not null`];
  if (filters.minPrice !== undefined) priceConditions.push(sql`lowest >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) priceConditions.push(sql`lowest <= ${filters.maxPrice}`);

  const rows = await queryRows<HitRow>(
    db,
    sql`with priced as (
          select p.id, p.name, p.brand, p.category::text as category, p.ram_gb, p.storage_gb, p.views, p.units_sold,
            ${query ? sql`ts_rank(p.search, ${query})` : sql`0::real`} as rank,
            case when p.store_id is not null then st.name end as our_store,
            (p.store_id is not null and p.stock = 'instock' and p.quantity > 0) or
              exists(select 1 from offers o where o.product_id = p.id and o.available and o.in_stock) as in_stock,
            coalesce(least(
              case when p.store_id is not null then
                (floor(round(p.price - p.price * coalesce(sale.pct, 0) / 100.0) / 100) * 100)::int end,
              (select min(o.price) from offers o where o.product_id = p.id and o.available)
            ), p.price) as lowest,
            (select array_agg(distinct es.name order by es.name) from offers o
               join external_stores es on es.id = o.external_store_id
               where o.product_id = p.id and o.available) as offer_stores,
            (select count(*)::int from reviews r where r.product_id = p.id and r.sentiment_score > 0) as positive,
            (select count(*)::int from reviews r where r.product_id = p.id and r.sentiment_score < 0) as negative,
            (select avg(r.rating) from reviews r where r.product_id = p.id) as avg_rating
          from products p
          left join stores st on st.id = p.store_id
          left join lateral (
            select max(s.discount_percent) as pct from sale_products sp join sales s on s.id = sp.sale_id
            where sp.product_id = p.id and s.starts_at <= ${options.now} and s.ends_at > ${options.now}
          ) sale on true
          where ${sql.join(conditions, sql` and `)}
        )
        select id, name, brand, category, ram_gb, storage_gb, lowest, our_store, offer_stores, positive, negative,
          in_stock
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
    stores: [...(r.our_store ? [r.our_store] : []), ...storeList(r.offer_stores)],
    positive: r.positive,
    negative: r.negative,
    inStock: r.in_stock,
    url: `/result/productHub/${r.id}`,
  }));
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
    sql`select distinct brand from products order by brand limit 500`,
  );
  return rows.map((r) => r.brand);
}
