import { sql } from 'drizzle-orm';
import type { Category } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../db/client';
import { CATEGORY_WORDS } from './search-terms';

/** Below this trigram similarity a dictionary word is not offered as a correction ("iphnoe"→"iphone" is 0.27). */
const CORRECTION_THRESHOLD = 0.2;

export interface ResolvedWord {
  word: string;
  /** The dictionary word it is (itself) or was corrected to; null when the dictionary has nothing close. */
  term: string | null;
  kind: 'name' | 'brand' | 'category' | null;
  similarity: number;
}

/** A misspelt category word becomes a category filter only when this close ("laptp"→"laptop" is 0.44). */
const CATEGORY_CORRECTION_MIN = 0.4;

/** Lower-case alphanumeric words of a query, as the dictionary splits names. */
export function splitWords(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 12);
}

/**
 * Looks every word up in search_terms in one statement: an exact hit, else the closest word by trigram
 * similarity through the GIN trigram index (only for words of 4+ letters without digits: shorter words and
 * model numbers have too few trigrams to correct safely). The threshold is set for this statement only.
 */
export async function resolveWords(db: Db, words: string[]): Promise<ResolvedWord[]> {
  if (words.length === 0) return [];
  const rows = await queryRows<{ word: string; term: string | null; kind: ResolvedWord['kind']; sim: number | null }>(
    db,
    sql`with cfg as materialized (
          select set_config('pg_trgm.similarity_threshold', ${String(CORRECTION_THRESHOLD)}, true) as v
        )
        select w.word, t.term, t.kind, t.sim
        from cfg
        cross join unnest(array[${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[]) with ordinality as w(word, i)
        left join lateral (
          select st.term, st.kind, similarity(st.term, w.word) as sim from search_terms st
          where cfg.v is not null
            and (st.term = w.word or (length(w.word) >= 4 and w.word !~ '[0-9]' and st.term % w.word))
          order by st.term = w.word desc, similarity(st.term, w.word) desc, st.weight desc
          limit 1
        ) t on true
        order by w.i`,
  );
  return rows.map((r) => ({ word: r.word, term: r.term, kind: r.kind, similarity: Number(r.sim ?? 0) }));
}

export interface AnalysedQuery {
  /** Each entry: the spellings any one of which a product must contain. */
  text: string[][];
  category?: Category;
  /** Lower-case brand recognised in the query. */
  brand?: string;
  corrected?: string;
  /** The query's words, lower-case, for the exact-name boost. */
  phrase: string;
}

/**
 * Turns a query into filters and text: a category word becomes a category filter and a brand word a brand
 * filter (unless the request already filters on those), so broad queries such as "laptop" or "samsung" are
 * answered from indexes without ranking. Misspelt words are searched as typed OR as corrected.
 */
export async function analyseQuery(
  db: Db,
  q: string | undefined,
  explicit: { category?: Category; brand?: string },
  brands: ReadonlyMap<string, string[]>,
): Promise<AnalysedQuery> {
  const words = splitWords(q);
  const resolved = await resolveWords(db, words);
  const result: AnalysedQuery = { text: [], phrase: words.join(' ') };
  const used: string[] = [];
  for (const r of resolved) {
    const exact = r.term === r.word;
    // A far-fetched category correction ("ultrabooks"→"notebooks") is dropped: the word is searched as typed.
    const weakCategory = r.kind === 'category' && !exact && r.similarity < CATEGORY_CORRECTION_MIN;
    const term = r.term && !weakCategory ? r.term : r.word;
    used.push(term);
    const category = CATEGORY_WORDS[term];
    if (r.kind === 'category' && category && !weakCategory) {
      // Category words are not in the text index: the first one filters, any other is redundant.
      if (!explicit.category && !result.category) result.category = category;
    } else if (r.kind === 'brand' && exact && brands.has(term) && !explicit.brand && !result.brand) {
      // Only an exact brand word filters; a corrected one is searched as typed or as the brand (both indexed).
      result.brand = term;
    } else {
      result.text.push(term === r.word ? [r.word] : [r.word, term]);
    }
  }
  if (used.some((w, i) => w !== words[i])) result.corrected = used.join(' ');
  return result;
}
