import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import { perHandle } from '../../../db/per-handle';
import { sqlList } from '../repository';
import type { CatalogueChanges } from '../change-feed';
import { SearchIndex } from './search-index';
import { joinTsqueries, parseTsquery, type TsQuery } from './text-search';

/** How often views and units sold, which no change notifies, are read again. */
export const POPULARITY_REFRESH_MS = 60_000;
/** A load that failed is tried again this much later. */
const RETRY_MS = 30_000;
/** Distinct spellings whose tsqueries are remembered. */
const MAX_SPELLINGS = 50_000;

/** A spelling's tsqueries as PostgreSQL writes them: plainto_tsquery's in the 'simple' and 'english' configuration. */
interface Spelled {
  w: string;
  s: string;
  e: string;
}

const parsedSpelling = (r: Spelled) => [parseTsquery(r.s), parseTsquery(r.e)] as const;

interface Log {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

/**
 * The process's search index (search-index.ts), kept as fresh as the pages: loaded in the background when the app
 * starts, and then told by the catalogue change feed which products changed. A search asks `current()`, which first
 * reads again the products heard of since the last search, so a write answered by this process shows in the next
 * search, and another process's write within the feed's delay (about a second), as with kept pages.
 *
 * Searches go to the database instead while the index cannot be trusted: before it has loaded, while the feed is not
 * hearing, and after "everything changed" (the feed lost track, a statement changed more than 10,000 products, a
 * sale started or ended) until it has loaded again. Views and units sold, which order "popular" and break ties,
 * change with every visit and are not notified: they are read again every POPULARITY_REFRESH_MS, as long as a
 * list page is kept.
 */
export class LiveSearchIndex {
  private index?: SearchIndex;
  /** False from "everything changed" until the load it started has finished. */
  private trusted = false;
  private loading?: Promise<void>;
  private loadAgain = false;
  private pending = new Set<number>();
  private catchingUp?: Promise<void>;
  /** Per spelling, plainto_tsquery's answer in the 'simple' and the 'english' configuration. */
  private readonly spellings = new Map<string, Promise<readonly [TsQuery | null, TsQuery | null]>>();
  /** Whether the dictionary's spellings were asked (after the first load). */
  private warmed = false;
  private timer?: NodeJS.Timeout;
  private stopListening?: () => void;
  private closed = false;
  /** Set by keepSearchIndex: unregisters it from its database handle. */
  stopKeeping?: () => void;

  constructor(
    private readonly db: Db,
    private readonly changes: CatalogueChanges,
    private readonly log: Log,
  ) {}

  /** Starts listening and loading; the first load finishes in the background. */
  start(): Promise<void> {
    this.stopListening = this.changes.onProductsChanged((ids) => {
      if (ids === 'all') this.reloadAll();
      else for (const id of ids) this.pending.add(id);
    });
    this.timer = setInterval(() => void this.refreshPopularity(), POPULARITY_REFRESH_MS);
    this.timer.unref();
    this.reloadAll();
    return this.loading!;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.stopListening?.();
    this.stopKeeping?.();
  }

  /** Settles when the load under way, if any, has finished (whether or not it succeeded). */
  async loaded(): Promise<void> {
    while (this.loading) await this.loading;
  }

  /** The index, caught up with every change heard so far; undefined while searches must go to the database. */
  async current(): Promise<SearchIndex | undefined> {
    while (this.usable() && (this.pending.size > 0 || this.catchingUp)) {
      this.catchingUp ??= this.catchUp().finally(() => (this.catchingUp = undefined));
      await this.catchingUp;
    }
    return this.usable() ? this.index : undefined;
  }

  /**
   * The tsquery PostgreSQL makes of search.ts's text condition, as a tree: for each word, any of its spellings in
   * either configuration (`plainto_tsquery('simple', w) || plainto_tsquery('english', w) || …`), and every word
   * (`&&`). Only the spellings are asked of PostgreSQL, each once (a configuration's parsing never changes): the
   * dictionary's words after the first load (warmSpellings), others as searches bring them, in one statement per
   * search. They are joined here as tsquery's operators join them, left to right.
   */
  async tsquery(text: string[][]): Promise<TsQuery | null> {
    const words = new Map([...new Set(text.flat())].map((w) => [w, this.spellings.get(w)]));
    const unknown = [...words].filter(([, known]) => !known).map(([w]) => w);
    if (unknown.length > 0) {
      const asked = queryRows<Spelled>(
        this.db,
        sql`select w, plainto_tsquery('simple', w)::text as s, plainto_tsquery('english', w)::text as e
            from unnest(array[${sqlList(unknown)}]::text[]) w`,
      ).then((rows) => new Map(rows.map((r) => [r.w, parsedSpelling(r)])));
      for (const w of unknown) {
        const answer = asked.then((rows) => rows.get(w) ?? ([null, null] as const));
        answer.catch(() => this.spellings.delete(w));
        this.remember(w, answer);
        words.set(w, answer);
      }
    }
    let query: TsQuery | null = null;
    for (const [i, spellings] of text.entries()) {
      let word: TsQuery | null = null;
      for (const spelling of spellings) {
        const [simple, english] = await words.get(spelling)!;
        word = joinTsqueries('or', joinTsqueries('or', word, simple), english);
      }
      query = i === 0 ? word : joinTsqueries('and', query, word);
    }
    return query;
  }

  private remember(spelling: string, answer: Promise<readonly [TsQuery | null, TsQuery | null]>): void {
    if (this.spellings.size >= MAX_SPELLINGS) this.spellings.delete(this.spellings.keys().next().value!);
    this.spellings.set(spelling, answer);
  }

  /**
   * Asks the tsqueries of the search dictionary's words (search_terms), the commonest first, up to half of
   * MAX_SPELLINGS: nearly every word of a search is one of them, and then costs no round trip even the first time.
   * Those already asked are left as they are.
   */
  private async warmSpellings(): Promise<void> {
    try {
      const rows = await queryRows<Spelled>(
        this.db,
        sql`select term as w, plainto_tsquery('simple', term)::text as s, plainto_tsquery('english', term)::text as e
            from search_terms order by weight desc, term limit ${MAX_SPELLINGS / 2}`,
      );
      for (const r of rows) if (!this.spellings.has(r.w)) this.remember(r.w, Promise.resolve(parsedSpelling(r)));
    } catch (error) {
      this.log.warn({ err: error }, 'could not read the search dictionary: its words are asked as searches need them');
    }
  }

  private usable(): boolean {
    return this.trusted && this.changes.hearing && !this.closed && this.index !== undefined;
  }

  private async catchUp(): Promise<void> {
    const ids = [...this.pending];
    this.pending.clear();
    try {
      await this.index!.reload(this.db, ids);
    } catch (error) {
      this.log.warn({ err: error }, 'could not read changed products into the search index; loading it again');
      this.reloadAll();
    }
  }

  private reloadAll(): void {
    this.trusted = false;
    if (this.loading) {
      this.loadAgain = true;
      return;
    }
    this.loading = this.loadAll().finally(() => (this.loading = undefined));
  }

  private async loadAll(): Promise<void> {
    if (this.closed) return;
    do {
      this.loadAgain = false;
      // Whatever is heard from here on is read again after the load, even if the load already saw it.
      this.pending.clear();
      const started = performance.now();
      try {
        const index = await SearchIndex.load(this.db);
        if (this.closed) return;
        this.index = index;
        this.log.info({ products: index.count, ms: Math.round(performance.now() - started) }, 'search index loaded');
      } catch (error) {
        if (this.closed) return;
        this.log.warn({ err: error }, 'could not load the search index; searches use the database meanwhile');
        setTimeout(() => this.reloadAll(), RETRY_MS).unref();
        return;
      }
    } while (this.loadAgain && !this.closed);
    this.trusted = true;
    if (!this.warmed) {
      this.warmed = true;
      await this.warmSpellings();
    }
  }

  /** Reads views and units sold again (every POPULARITY_REFRESH_MS). */
  async refreshPopularity(): Promise<void> {
    if (!this.usable()) return;
    try {
      await this.index!.refreshPopularity(this.db);
    } catch (error) {
      this.log.warn({ err: error }, 'could not read views and units sold into the search index');
    }
  }
}

const kept = perHandle<LiveSearchIndex>();

/** Keeps a search index for the app's database handle: searchUncached then answers from it when it can. */
export function keepSearchIndex(db: Db, changes: CatalogueChanges, log: Log): LiveSearchIndex {
  const live = new LiveSearchIndex(db, changes, log);
  live.stopKeeping = kept.keep(db, live);
  return live;
}

export function searchIndexOf(db: Db): LiveSearchIndex | undefined {
  return kept.of(db);
}
