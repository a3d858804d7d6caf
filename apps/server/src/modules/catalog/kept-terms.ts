import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { perHandle } from '../../db/per-handle';
import type { CatalogueChanges } from './change-feed';

/** Below this trigram similarity a dictionary word is not offered as a correction ("iphnoe"→"iphone" is 0.27). */
export const CORRECTION_THRESHOLD = 0.2;

export interface ResolvedWord {
  word: string;
  /** The dictionary word it is (itself) or was corrected to; null when the dictionary has nothing close. */
  term: string | null;
  kind: 'name' | 'brand' | 'category' | null;
  similarity: number;
}

/** Whether a query word may be corrected: 4+ letters without digits (shorter words and model numbers are exact). */
export const mayBeCorrected = (word: string): boolean => word.length >= 4 && !/[0-9]/.test(word);

/**
 * pg_trgm's trigrams of `text`: each run of letters and digits, lower-cased, padded with two spaces before and one
 * after, cut into every three characters in a row; each trigram once.
 */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/**
 * A float4 as PostgreSQL sends it (the shortest decimal that reads back as the same float4): the number pg_trgm's
 * similarity() reaches the app as.
 */
function asFloat4(x: number): number {
  const f = Math.fround(x);
  for (let digits = 1; digits < 9; digits += 1) {
    const shortest = Number(f.toPrecision(digits));
    if (Math.fround(shortest) === f) return shortest;
  }
  return Number(f.toPrecision(9));
}

/** pg_trgm's similarity() of two trigram sets: the trigrams they share over the trigrams either has. */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  return asFloat4(shared / (a.size + b.size - shared));
}

interface Term {
  term: string;
  kind: NonNullable<ResolvedWord['kind']>;
  weight: number;
}

interface Dictionary {
  terms: Map<string, Term>;
  /** The words a correction may be (search_terms.correctable), with their trigrams. */
  correctable: { term: Term; trigrams: Set<string> }[];
  /** The brand and category words, commonest first, then in the database's order of their bytes. */
  named: Term[];
  /** Where the change feed stood when it started being read. */
  stamp: number;
}

/**
 * The search dictionary (search_terms) of one database handle, kept in the process so that looking a query's words
 * up costs no round trip (query-words resolveWords): a word is itself when the dictionary has it, else the
 * correctable word closest by trigram similarity, as pg_trgm measures it. It answers only while the change feed hears
 * and has heard no change to the table since it was read (a trigger tells every process, migration 0024; a write's
 * answer waits until this process heard it, http/answer-cache.ts): a seller's new word is found at once. Otherwise it
 * answers nothing, and is read again in the background: the caller asks the database meanwhile.
 */
export class KeptTerms {
  private dictionary?: Dictionary;
  private reading?: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly changes: CatalogueChanges,
  ) {}

  /** Each word looked up, as resolveWords's statement does; undefined when the kept dictionary may be stale. */
  resolve(words: readonly string[]): ResolvedWord[] | undefined {
    const dictionary = this.fresh();
    return dictionary && words.map((word) => lookUp(dictionary, word));
  }

  /**
   * The first `limit` brand and category words that start with `prefix`, as suggestions' statement would list them
   * (`term like 'prefix%' order by weight desc, term`); undefined when the kept dictionary may be stale.
   */
  namedStartingWith(prefix: string, limit: number): Term[] | undefined {
    const dictionary = this.fresh();
    return dictionary?.named.filter((t) => t.term.startsWith(prefix)).slice(0, limit);
  }

  private fresh(): Dictionary | undefined {
    const dictionary = this.dictionary;
    if (dictionary && this.changes.hearing && this.changes.termsUnchangedSince(dictionary.stamp)) return dictionary;
    void this.read();
    return undefined;
  }

  /** Reads the dictionary again unless a reading is under way; a failed reading leaves it to the next call. */
  read(): Promise<void> {
    this.reading ??= (async () => {
      try {
        if (!this.changes.hearing) return;
        const stamp = this.changes.stamp();
        const rows = await queryRows<Term & { correctable: boolean }>(
          this.db,
          sql`select term, kind, weight, correctable from search_terms`,
        );
        const terms = new Map<string, Term>();
        const correctable: Dictionary['correctable'] = [];
        for (const { correctable: corrects, ...term } of rows) {
          terms.set(term.term, term);
          if (corrects) correctable.push({ term, trigrams: trigrams(term.term) });
        }
        const named = [...terms.values()]
          .filter((t) => t.kind !== 'name')
          .sort((a, b) => b.weight - a.weight || byBytes(a.term, b.term));
        this.dictionary = { terms, correctable, named, stamp };
      } catch {
        // The database is asked meanwhile; the next lookup tries again.
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }
}

/** The order of the words' UTF-8 bytes (the C collation's): UTF-16 order, except where surrogates meet other code units. */
const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

interface Correction {
  term: Term;
  similarity: number;
}

/**
 * The order of the statement's `order by sim desc, weight desc`: the closest first, then the commoner word, then
 * the first in alphabetical order (where the database's pick is arbitrary).
 */
const closerFirst = (a: Correction, b: Correction): number =>
  b.similarity - a.similarity || b.term.weight - a.term.weight || (a.term.term < b.term.term ? -1 : 1);

function lookUp(dictionary: Dictionary, word: string): ResolvedWord {
  const exact = dictionary.terms.get(word);
  if (exact) return { word, term: exact.term, kind: exact.kind, similarity: 1 };
  let best: Correction | undefined;
  if (mayBeCorrected(word)) {
    const wanted = trigrams(word);
    for (const { term, trigrams: its } of dictionary.correctable) {
      const candidate = { term, similarity: similarity(wanted, its) };
      if (candidate.similarity < CORRECTION_THRESHOLD) continue;
      if (!best || closerFirst(candidate, best) < 0) best = candidate;
    }
  }
  return best
    ? { word, term: best.term.term, kind: best.term.kind, similarity: best.similarity }
    : { word, term: null, kind: null, similarity: 0 };
}

const keptByDb = perHandle<KeptTerms>();

/**
 * Keeps the search dictionary that resolveWords reads through `db`, fresh by `changes` (the app's feed, started),
 * and starts reading it. Answers a function that stops keeping it.
 */
export function keepSearchTerms(db: Db, changes: CatalogueChanges): () => void {
  const kept = new KeptTerms(db, changes);
  void kept.read();
  return keptByDb.keep(db, kept);
}

/** The dictionary kept for `db`, if keepSearchTerms registered one. */
export const keptSearchTerms = (db: Db): KeptTerms | undefined => keptByDb.of(db);
