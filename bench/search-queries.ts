/**
 * The realistic search paths the HTTP search benchmarks ask (bench/search.ts, bench/long-tail-breakdown.ts), built
 * from the catalogue with a fixed seed, each labelled with the kind of question it is.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client';
import { mulberry32 } from './load';

export type QueryKind =
  | 'common words and brands'
  | 'words of a product name'
  | 'misspelt product name'
  | 'suggestions'
  | 'category + RAM + order'
  | 'category + brand + price'
  | 'category word, page 2-4';

/**
 * `size` distinct realistic paths (words, brands, models, typos, filters, sorts, pages and suggestions), drawn with a
 * fixed seed so every run asks the same ones, in the order drawn, with their kinds; paths in `except` are left out.
 */
export async function queryMix(
  db: Db,
  size: number,
  seed: number,
  except = new Set<string>(),
): Promise<Map<string, QueryKind>> {
  const rand = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const brands = (
    await queryRows<{ brand: string }>(
      db,
      sql`select brand from products group by brand order by count(*) desc limit 12`,
    )
  ).map((r) => r.brand);
  const names = (
    await queryRows<{ name: string }>(
      db,
      sql`select distinct name from (select name from products order by id limit 60000) first order by name`,
    )
  ).map((r) => r.name);
  const typo = (w: string) => (w.length < 5 ? w : `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`);
  const out = new Map<string, QueryKind>();
  const add = (path: string, kind: QueryKind) => {
    if (!except.has(path) && !out.has(path)) out.set(path, kind);
  };
  const s = (q: string) => `/api/products?q=${encodeURIComponent(q)}`;
  for (const w of ['laptop', 'mobile', 'computer', 'phone', 'gaming laptop', 'desktop'])
    add(s(w), 'common words and brands');
  for (const b of brands) {
    add(s(b.toLowerCase()), 'common words and brands');
    add(s(typo(b.toLowerCase())), 'common words and brands');
    add(`/api/products?brand=${encodeURIComponent(b)}`, 'common words and brands');
    add(`/api/products/suggestions?q=${encodeURIComponent(b.slice(0, 3).toLowerCase())}`, 'common words and brands');
  }
  const categories = ['mobile', 'laptop', 'computer'];
  const sorts = ['relevance', 'price_asc', 'price_desc', 'popular', 'newest'];
  const rams = [4, 8, 16, 32];
  while (out.size < size) {
    const name = pick(names);
    const words = name.split(' ');
    const roll = rand();
    if (roll < 0.3) add(s(words.slice(1, 1 + 1 + Math.floor(rand() * 3)).join(' ')), 'words of a product name');
    else if (roll < 0.4) add(s(words.slice(0, 3).map(typo).join(' ')), 'misspelt product name');
    else if (roll < 0.55)
      add(
        `/api/products/suggestions?q=${encodeURIComponent(
          words
            .slice(0, 2)
            .join(' ')
            .slice(0, 3 + Math.floor(rand() * 8))
            .toLowerCase(),
        )}`,
        'suggestions',
      );
    else if (roll < 0.7)
      add(`/api/products?category=${pick(categories)}&ram=${pick(rams)}&sort=${pick(sorts)}`, 'category + RAM + order');
    else if (roll < 0.85) {
      // Paisa, as the API takes them: Rs 5,000 steps, a Rs 50,000 range.
      const min = Math.floor(rand() * 40) * 5_000_00;
      add(
        `/api/products?category=${pick(categories)}&brand=${encodeURIComponent(pick(brands))}&minPrice=${min}&maxPrice=${min + 49_999_99}`,
        'category + brand + price',
      );
    } else
      add(
        `/api/products?q=${encodeURIComponent(pick(categories))}&page=${2 + Math.floor(rand() * 3)}&sort=${pick(sorts)}`,
        'category word, page 2-4',
      );
  }
  return out;
}

export interface Mixes {
  /** 200 paths asked again and again (Zipf): what the results cache is for. */
  warm: string[];
  /** `longTail` other paths, each asked once: no cache can help. */
  longTail: string[];
  /** The kind of every path of both. */
  kinds: Map<string, QueryKind>;
}

export async function queryMixes(db: Db, longTail: number): Promise<Mixes> {
  const warm = await queryMix(db, 200, 42);
  const tail = await queryMix(db, longTail, 4242, new Set(warm.keys()));
  return { warm: [...warm.keys()], longTail: [...tail.keys()], kinds: new Map([...warm, ...tail]) };
}
