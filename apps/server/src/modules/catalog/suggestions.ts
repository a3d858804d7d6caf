import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { brandSpellings } from './brands';
import { cached } from '../../cache/catalogue-cache';
import { keptSearchTerms } from './kept-terms';
import { resolveWords, splitWords } from './query-words';
import { visibleProduct } from './repository';
import { searchIndexOf } from './search-index/live-index';

export const MAX_SUGGESTIONS = 15;
/** Products read per statement for their names: a broad prefix stops there. */
const NAME_ROWS = 60;

/** GET /api/products/suggestions as the JSON text to send: brands and categories first, then product names. */
export function suggestJson(db: Db, q: string): Promise<string> {
  const words = splitWords(q);
  if (words.length === 0) return Promise.resolve(JSON.stringify({ suggestions: [] }));
  return cached(`suggest:${words.join(' ')}`, async () =>
    JSON.stringify({ suggestions: await suggestUncached(db, words) }),
  );
}

/** How suggestions go about their work (see search.ts SearchTuning). */
export interface SuggestTuning {
  /** false: ask the database for names even when the process keeps a search index. */
  index?: boolean;
}

/** The suggestions without the results cache (the benchmark's cold figures use this). */
export async function suggestUncached(db: Db, words: string[], tuning: SuggestTuning = {}): Promise<string[]> {
  const found = await lookup(db, words, tuning);
  if (found.length > 0) return found;
  // Nothing starts with what was typed: correct the words against the dictionary and try again.
  const resolved = await resolveWords(db, words);
  const corrected = resolved.map((r) => r.term ?? r.word);
  if (corrected.join(' ') === words.join(' ')) return [];
  return lookup(db, corrected, tuning);
}

async function lookup(db: Db, words: string[], tuning: SuggestTuning): Promise<string[]> {
  const last = words[words.length - 1]!;
  const brands = await brandSpellings(db);
  // Each suggestion once, whatever its case ("Galaxy S24" from two products spelt differently).
  const out = new Map<string, string>();
  const add = (text: string) => {
    if (!out.has(text.toLowerCase())) out.set(text.toLowerCase(), text);
  };
  if (words.length === 1) {
    // Dictionary words of kind brand/category starting with the prefix: from the dictionary kept in the process while
    // it is fresh, else from the table (small, trigram index for 3+ letters).
    const terms =
      keptSearchTerms(db)?.namedStartingWith(last, MAX_SUGGESTIONS) ??
      (await queryRows<{ term: string; kind: string }>(
        db,
        sql`select term, kind from search_terms where kind in ('brand', 'category') and term like ${`${escapeLike(last)}%`}
            order by weight desc, term limit ${MAX_SUGGESTIONS}`,
      ));
    for (const t of terms) add(t.kind === 'brand' ? (brands.get(t.term)?.[0] ?? t.term) : t.term);
  }
  // Names that start with what was typed come first, then those holding every word: from the process's search index
  // once it has loaded, else from the database.
  const index = tuning.index === false ? undefined : await searchIndexOf(db)?.current();
  const typed = words.join(' ');
  const starting = index ? index.namesStartingWith(typed, NAME_ROWS) : await namesStartingWith(db, typed);
  const holding =
    starting.length >= MAX_SUGGESTIONS
      ? []
      : index
        ? index.namesMatching(words.slice(0, -1), last, NAME_ROWS)
        : await namesHolding(db, words);
  for (const n of [...shortestFirst(starting), ...shortestFirst(holding)]) add(n);
  return [...out.values()].slice(0, MAX_SUGGESTIONS);
}

/**
 * The names of shown catalogue products whose lower-case name starts with `typed`, from the name prefix index, which
 * stops after NAME_ROWS products.
 */
async function namesStartingWith(db: Db, typed: string): Promise<string[]> {
  return distinctNames(
    await queryRows<{ name: string }>(
      db,
      sql`select p.name from products p where lower(p.name) like ${`${escapeLike(typed)}%`}
            and ${visibleProduct('p')} limit ${NAME_ROWS}`,
    ),
  );
}

/**
 * The names of shown catalogue products whose name, aliases or brand (or description) hold every word, the last one as
 * a prefix, from the GIN full-text index with a prefix lexeme: it builds a bitmap of every match first (10-40 ms at
 * 100k products for "google pix" or "hp all i", the slowest suggestions of the search bench's long tail), then reads
 * NAME_ROWS products.
 */
async function namesHolding(db: Db, words: string[]): Promise<string[]> {
  return distinctNames(
    await queryRows<{ name: string }>(
      db,
      sql`select p.name from products p where p.search @@ (${wordsTsquery(words)}) and ${visibleProduct('p')}
            limit ${NAME_ROWS}`,
    ),
  );
}

/** Every word, the last one as a prefix: the tsquery of the names a suggestion holds (search-index namesMatching). */
export function wordsTsquery(words: string[]): SQL {
  return sql.join(
    words.map((w, i) =>
      i === words.length - 1 ? sql`to_tsquery('simple', ${`${w}:*`})` : sql`plainto_tsquery('simple', ${w})`,
    ),
    sql` && `,
  );
}

function distinctNames(rows: { name: string }[]): string[] {
  return [...new Set(rows.map((r) => r.name))];
}

/** Shortest first (ties by name), at most MAX_SUGGESTIONS: which of the products read are suggested. */
function shortestFirst(names: string[]): string[] {
  return names.sort((a, b) => a.length - b.length || a.localeCompare(b)).slice(0, MAX_SUGGESTIONS);
}
