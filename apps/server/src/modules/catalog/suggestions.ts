import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { brandSpellings } from './brands';
import { cached } from '../../cache/catalogue-cache';
import { keptSearchTerms } from './kept-terms';
import { resolveWords, splitWords } from './query-words';
import { visibleProduct } from './repository';

export const MAX_SUGGESTIONS = 15;

/** GET /api/products/suggestions as the JSON text to send: brands and categories first, then product names. */
export function suggestJson(db: Db, q: string): Promise<string> {
  const words = splitWords(q);
  if (words.length === 0) return Promise.resolve(JSON.stringify({ suggestions: [] }));
  return cached(`suggest:${words.join(' ')}`, async () =>
    JSON.stringify({ suggestions: await suggestUncached(db, words) }),
  );
}

/** The suggestions straight from the database (the benchmark's cold figures use this). */
export async function suggestUncached(db: Db, words: string[]): Promise<string[]> {
  const found = await lookup(db, words);
  if (found.length > 0) return found;
  // Nothing starts with what was typed: correct the words against the dictionary and try again.
  const resolved = await resolveWords(db, words);
  const corrected = resolved.map((r) => r.term ?? r.word);
  if (corrected.join(' ') === words.join(' ')) return [];
  return lookup(db, corrected);
}

async function lookup(db: Db, words: string[]): Promise<string[]> {
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
  // Names of shown catalogue products whose name, aliases or brand hold every word, the last one as a prefix: GIN
  // full-text index with a prefix lexeme. Without an ORDER BY the scan stops after enough rows, so broad prefixes
  // stay cheap.
  const tsq = sql.join(
    words.map((w, i) =>
      i === words.length - 1 ? sql`to_tsquery('simple', ${`${w}:*`})` : sql`plainto_tsquery('simple', ${w})`,
    ),
    sql` && `,
  );
  // Names that start with what was typed come first, from the name prefix index, which stops at the limit; the
  // full-text index builds a bitmap of every match first (15,000 rows for "lenovo" in a 100k catalogue).
  const starting = await queryRows<{ name: string }>(
    db,
    sql`select distinct name from (
          select p.name from products p where lower(p.name) like ${`${escapeLike(words.join(' '))}%`}
            and ${visibleProduct('p')} limit 60
        ) candidates limit ${MAX_SUGGESTIONS}`,
  );
  const names =
    starting.length >= MAX_SUGGESTIONS
      ? starting
      : await queryRows<{ name: string }>(
          db,
          sql`select distinct name from (
                select p.name from products p where p.search @@ (${tsq}) and ${visibleProduct('p')} limit 60
              ) candidates limit ${MAX_SUGGESTIONS}`,
        );
  const ordered = (rows: { name: string }[]) =>
    rows.map((r) => r.name).sort((a, b) => a.length - b.length || a.localeCompare(b));
  for (const n of [...ordered(starting), ...ordered(names)]) add(n);
  return [...out.values()].slice(0, MAX_SUGGESTIONS);
}
