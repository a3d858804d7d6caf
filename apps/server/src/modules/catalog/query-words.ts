import { sql } from 'drizzle-orm';
import { normaliseQuery, parseSearchQuery, type SortIntent } from '@pricehub/shared/rules/query-intent';
import type { SortOption } from '@pricehub/shared/rules/catalog';
import type { Category, ProductQuery, SearchResult } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../db/client';
import { CATEGORY_WORDS } from './search-terms';
import { CORRECTION_THRESHOLD, keptSearchTerms, mayBeCorrected, type ResolvedWord } from './kept-terms';
import { sqlList } from './repository';

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
 * similarity through the GIN trigram index (only words that mayBeCorrected: shorter words and model numbers have
 * too few trigrams to correct safely). The threshold is set for this statement only. Where the
 * app keeps the dictionary for `db` (kept-terms.ts), it answers from there while it is fresh.
 */
export async function resolveWords(db: Db, words: string[]): Promise<ResolvedWord[]> {
  if (words.length === 0) return [];
  const kept = keptSearchTerms(db)?.resolve(words);
  if (kept) return kept;
  const rows = await queryRows<{ word: string; term: string | null; kind: ResolvedWord['kind']; sim: number | null }>(
    db,
    sql`with cfg as materialized (
          select set_config('pg_trgm.similarity_threshold', ${String(CORRECTION_THRESHOLD)}, true) as v
        )
        select w.word, t.term, t.kind, t.sim
        from cfg
        cross join unnest(array[${sqlList(words)}]::text[], array[${sql.join(
          words.map((w) => sql`${mayBeCorrected(w)}`),
          sql`, `,
        )}]::boolean[]) with ordinality as w(word, corrects, i)
        left join lateral (
          -- An exact hit by the primary key, else the closest correctable word (letters only): with one OR over both
          -- the whole dictionary, model numbers included, had its trigram similarity measured.
          select c.term, c.kind, c.sim from (
            select st.term, st.kind, 1::real as sim, 0 as pass, st.weight from search_terms st where st.term = w.word
            union all
            select st.term, st.kind, similarity(st.term, w.word), 1, st.weight from search_terms st
            where w.corrects and st.correctable and st.term % w.word
          ) c
          where cfg.v is not null
          order by c.pass, c.sim desc, c.weight desc
          limit 1
        ) t on true
        order by w.i`,
  );
  return rows.map((r) => ({ word: r.word, term: r.term, kind: r.kind, similarity: Number(r.sim ?? 0) }));
}

/**
 * T with every key present (an optional one may hold undefined): what an object built in one shape is typed as, so
 * that a key added to T is a compile error where the object is built rather than a key silently left out.
 */
export type EveryKey<T> = { [K in keyof Required<T>]: T[K] };

export interface AnalysedQuery {
  /** Each entry: the spellings any one of which a product must contain. */
  text: string[][];
  category?: Category;
  /** Lower-case brand recognised in the query. */
  brand?: string;
  corrected?: string;
  /** The query's words, lower-case, for the exact-name boost. */
  phrase: string;
  /** RAM and storage in GB, a budget in paisa and an order, read from the words ("16 gb", "under 50k", "cheap"). */
  ram?: number;
  storage?: number;
  minPrice?: number;
  maxPrice?: number;
  sort?: SortOption;
  /** What the closest-results search keeps and leaves out, when every word together finds nothing. */
  closest: {
    /** The words the catalogue knows (or model numbers) that narrow, each with its spellings. */
    words: string[][];
    /** What it leaves out: words no product has, spec and budget phrases. */
    dropped: string[];
  };
  /** How many things the query asks for (words, brand, category, specs, budget). */
  terms: number;
}

const SORT_OF: Partial<Record<SortIntent, SortOption>> = {
  cheapest: 'price_asc',
  priciest: 'price_desc',
  mostPopular: 'popular',
};

/**
 * Turns a query into filters and text: a category word becomes a category filter and a brand word a brand
 * filter (unless the request already filters on those), so broad queries such as "laptop" or "samsung" are
 * answered from indexes without ranking. Misspelt words are searched as typed OR as corrected. Specs, budgets and
 * order words become filters and an order (shared query-intent rules: "16 gb", "1 tb", "under 50k", "cheap"), and
 * words that do not narrow ("for", "students") are left out.
 */
export async function analyseQuery(
  db: Db,
  q: string | undefined,
  explicit: { category?: Category; brand?: string },
  brands: ReadonlyMap<string, string[]>,
): Promise<AnalysedQuery> {
  const intent = parseSearchQuery(q);
  const resolved = await resolveWords(
    db,
    intent.words.map((w) => w.word),
  );
  // Every key, in one order: one object shape for V8 whatever the query asks (search.ts inOneShape).
  const result: EveryKey<AnalysedQuery> = {
    text: [],
    category: undefined,
    brand: undefined,
    corrected: undefined,
    phrase: splitWords(q).join(' '),
    ram: intent.ram,
    storage: intent.storage,
    minPrice: intent.minPrice,
    maxPrice: intent.maxPrice,
    sort: SORT_OF[intent.sort],
    closest: { words: [], dropped: [...intent.phrases] },
    terms: intent.phrases.length,
  };
  const corrections = new Map<string, string>();
  const optional: string[][] = [];
  resolved.forEach((r, i) => {
    const word = intent.words[i]!;
    const exact = r.term === r.word;
    // A far-fetched category correction ("ultrabooks"→"notebooks") is dropped: the word is searched as typed.
    const weakCategory = r.kind === 'category' && !exact && r.similarity < CATEGORY_CORRECTION_MIN;
    const term = r.term && !weakCategory ? r.term : r.word;
    if (term !== r.word) corrections.set(r.word, term);
    const category = CATEGORY_WORDS[term];
    result.terms += 1;
    if (r.kind === 'category' && category && !weakCategory) {
      // Category words are not in the text index: the first one filters, any other is redundant.
      if (!explicit.category && !result.category) result.category = category;
    } else if (r.kind === 'brand' && exact && brands.has(term) && !explicit.brand && !result.brand) {
      // Only an exact brand word filters; a corrected one is searched as typed or as the brand (both indexed).
      result.brand = term;
    } else {
      const spellings = term === r.word ? word.spellings : [...word.spellings, term];
      // Words the catalogue has never used ("xyzzy") are left out of the closest results; model numbers stay
      // (their other spellings live in the aliases).
      if (r.term === null && !/\d/.test(r.word)) result.closest.dropped.push(r.word);
      else if (!word.optional) result.closest.words.push(spellings);
      if (word.optional) optional.push(spellings);
      else result.text.push(spellings);
    }
  });
  // "gaming" narrows only on its own ("gaming laptop"); next to model words ("nitro 5 gaming") they decide.
  if (result.text.length === 0 && optional.length > 0) {
    result.text.push(...optional);
    // The closest results never require it.
    result.closest.dropped.push(...optional.map((spellings) => spellings[0]!));
    result.closest.dropped = [...new Set(result.closest.dropped)];
  }
  if (corrections.size > 0) {
    result.corrected = normaliseQuery(q ?? '').replace(/[a-z0-9]+/g, (w) => corrections.get(w) ?? w);
  }
  return result;
}

/** The request with what its words ask for where the request itself says nothing (a chosen filter wins). */
export function withIntent(query: ProductQuery, analysed: AnalysedQuery): ProductQuery {
  return {
    ...query,
    ram: query.ram ?? analysed.ram,
    minPrice: query.minPrice ?? analysed.minPrice,
    maxPrice: query.maxPrice ?? analysed.maxPrice,
    sort: query.sort === 'relevance' && analysed.sort ? analysed.sort : query.sort,
  };
}

export interface RelaxedQuery {
  query: ProductQuery;
  analysed: AnalysedQuery;
  dropped: string[];
}

/** At most this many spellings in one closest-results text: the OR stays small for the index. */
const MAX_COMBINATIONS = 48;

/**
 * Products matching all but one of the words: every way of leaving one word out, as one spelling per remaining
 * word joined by spaces (plainto_tsquery ANDs them). ts_rank over their OR puts products that match every
 * remaining word (several ways) first.
 */
function allButOne(words: string[][]): string[] {
  const combine = (ws: string[][]) =>
    ws.reduce<string[]>((acc, spellings) => acc.flatMap((a) => spellings.map((s) => (a ? `${a} ${s}` : s))), ['']);
  const leaveOneOut = (ws: string[][]) => ws.map((_, i) => ws.filter((__, j) => j !== i));
  const all = leaveOneOut(words).flatMap(combine);
  if (all.length <= MAX_COMBINATIONS) return [...new Set(all)];
  // Too many spellings: the last of each (the correction, or the split form the aliases also hold).
  return [...new Set(leaveOneOut(words.map((s) => [s[s.length - 1]!])).flatMap(combine))];
}

/**
 * The closest-results search for a query whose words together found nothing. Specs, budgets and words no product
 * has are left out; of the words left and the brand word, all but one must match (ranked by how many do), or all
 * of them when something was already left out and at most two remain ("samsung galaxy xyzzy" → Samsung Galaxy
 * phones). The category word and the request's own filters still apply. A dropped budget orders cheapest first.
 * Every alternative is a conjunction the full-text index answers, so the search costs about as much as a normal
 * one. Null when the query asked for fewer than two things or nothing would change.
 */
export function relaxQuery(query: ProductQuery, analysed: AnalysedQuery): RelaxedQuery | null {
  if (analysed.terms < 2) return null;
  const { words, dropped } = analysed.closest;
  const members = analysed.brand && words.length > 0 ? [...words, [analysed.brand]] : words;
  const keepAll = dropped.length > 0 && members.length <= 2;
  let text: string[][];
  let brand = analysed.brand;
  if (keepAll || members.length === 0) text = words;
  else if (members.length === 1) text = [];
  else {
    text = [allButOne(members)];
    if (members !== words) brand = undefined;
  }
  const sort = analysed.sort ?? (analysed.maxPrice !== undefined ? 'price_asc' : undefined);
  const relaxed: EveryKey<AnalysedQuery> = {
    text,
    category: analysed.category,
    brand,
    corrected: analysed.corrected,
    phrase: analysed.phrase,
    ram: undefined,
    storage: undefined,
    minPrice: undefined,
    maxPrice: undefined,
    sort,
    closest: { words: [], dropped: [] },
    terms: 0,
  };
  const scope = (a: AnalysedQuery) =>
    JSON.stringify([a.text, a.category, a.brand, a.ram, a.storage, a.minPrice, a.maxPrice]);
  if (scope(relaxed) === scope(analysed)) return null;
  const filtered =
    relaxed.text.length > 0 ||
    relaxed.category ||
    relaxed.brand ||
    query.category ||
    query.brand ||
    query.ram !== undefined ||
    query.store;
  if (!filtered) return null;
  return { query, analysed: relaxed, dropped };
}

/**
 * Runs a search, and when it finds nothing, the closest-results search once (see relaxQuery), marked `relaxed`
 * with what it left out. `run` gets the request with the words' intent applied.
 */
export async function withClosestResults(
  query: ProductQuery,
  analysed: AnalysedQuery,
  run: (query: ProductQuery, analysed: AnalysedQuery) => Promise<SearchResult>,
): Promise<SearchResult> {
  const exact = await run(withIntent(query, analysed), analysed);
  if (exact.total > 0) return exact;
  const relaxed = relaxQuery(query, analysed);
  if (!relaxed) return exact;
  const closest = await run(withIntent(relaxed.query, relaxed.analysed), relaxed.analysed);
  if (closest.total === 0) return exact;
  return { ...closest, relaxed: true, ...(relaxed.dropped.length > 0 ? { dropped: relaxed.dropped } : {}) };
}
