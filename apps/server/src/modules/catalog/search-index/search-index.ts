import { sql, type SQL } from 'drizzle-orm';
import { PRICE_FILTER_STEP } from '@pricehub/shared/rules/money';
import { categories } from '@pricehub/shared/rules/catalog';
import type { Category } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../../db/client';
import { openStoresSql } from '../../accounts/queries';
import {
  orRankBound,
  orWeight,
  parseTsvector,
  prepareQuery,
  tsRank,
  type LexemeLookup,
  type Positions,
  type PreparedQuery,
  type TsQuery,
} from './text-search';

/** What a search is narrowed to besides its words: search.ts's scope, in SQL or here. */
export interface SearchFilters {
  category?: Category;
  /** The stored spellings of the brand ("Apple", "APPLE"). */
  brands?: string[];
  ram?: number;
  /** GB, from the words ("1 tb", "iphone 15 256"); not in the facet counts. */
  storage?: number;
  minPaisa?: number;
  maxPaisa?: number;
  store?: string;
}

/** What a search asks of the index: the same scope and order search.ts turns into SQL. */
export interface IndexQuery extends SearchFilters {
  /**
   * The words as PostgreSQL's tsquery (search.ts textQuery), null when PostgreSQL made nothing of them (nothing
   * matches), undefined when the search has no words.
   */
  text?: TsQuery | null;
  order: IndexOrder;
  /** The query's words, lower-case: a product named exactly so ranks first. */
  phrase: string;
  limit: number;
  offset: number;
}

export type IndexOrder = 'relevance' | 'price_asc' | 'price_desc' | 'popular' | 'newest';

/** How many products of each value of a facet match, and how many match in all. */
export interface FacetTally {
  total: number;
  category: Map<Category, number>;
  brand: Map<string, number>;
  ram: Map<number, number>;
  /** Price steps (lowest price / PRICE_FILTER_STEP). */
  bucket: Map<number, number>;
}

/** Products of one (category, brand, RAM, price step), as product_facet_counts counts them. */
export interface FacetGroup {
  /** Undefined for a category the shop does not list: counted in the total only. */
  c: Category | undefined;
  b: string;
  r: number;
  k: number;
  n: number;
}

/** Adds the groups up per facet. */
export function tallyOf(groups: Iterable<FacetGroup>): FacetTally {
  const tally: FacetTally = { total: 0, category: new Map(), brand: new Map(), ram: new Map(), bucket: new Map() };
  const add = <K>(counts: Map<K, number>, key: K, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);
  for (const g of groups) {
    tally.total += g.n;
    if (g.c !== undefined) add(tally.category, g.c, g.n);
    add(tally.brand, g.b, g.n);
    add(tally.ram, g.r, g.n);
    add(tally.bucket, g.k, g.n);
  }
  return tally;
}

export interface IndexAnswer {
  ids: number[];
  tally: FacetTally;
}

/** One product as the index loads it. */
interface ProductRow {
  id: number;
  category: Category;
  brand: string;
  ram_gb: number;
  storage_gb: number;
  lowest_price: number;
  views: number;
  units_sold: number;
  /** created_at in microseconds since 1970, as text (a bigint). */
  created: string;
  name: string;
  lower_name: string;
  search: string;
  stores: string[] | null;
}

/** Lexemes or names written since they were sorted (TextOrder) past which those are merged in. */
const MAX_APART = 5_000;

/** Rows per statement while loading: bounds the memory a load holds at once. */
const LOAD_BATCH = 20_000;
/** Products read between two yields of the minute's popularity read: a few milliseconds of the event loop. */
const POPULARITY_SLICE = 20_000;

const CATEGORY_CODE = new Map<Category, number>(categories.map((c, i) => [c, i]));

/** Orders a search without words can ask for, each kept sorted (SearchIndex.sortOrder, KeptOrder). */
const WALKED_ORDERS: readonly IndexOrder[] = ['relevance', 'price_asc', 'price_desc', 'popular', 'newest'];
/** Orders views and units sold decide (comparator): moved when the minute's popularity read changes them. */
const POPULARITY_ORDERS: readonly IndexOrder[] = ['relevance', 'popular'];
/** Products moved since an order was sorted, past which it is sorted again before it is walked. */
const MAX_MOVED = 5_000;

/**
 * One lexeme's slots. `slots`, `starts` and `positions` were built when the load ended: every slot that had the
 * lexeme, ascending, and the slot's positions of it (packed as in the arena), entry e's from starts[e] to
 * starts[e + 1]. Ranking reads them here, in the order the matches come, rather than in each match's document.
 * Entries of a slot rewritten since are stale and skipped. `added` lists the slots written since that have it (or had
 * it, in a version since replaced: they are checked against their document like any candidate). `mostOr` is the
 * largest orWeight of the lexeme in any document listed (-1: not worked out yet), so that a ranked search can tell
 * which matches cannot reach its page before ranking them.
 */
interface Postings {
  slots: Int32Array;
  starts: Int32Array;
  positions: Int32Array;
  added: number[];
  mostOr: number;
}

const EMPTY = new Int32Array(0);
const NO_STARTS = new Int32Array(1);

/** Lists a search may draw its candidates from: built postings (ascending, no repeats), other lists, or every slot. */
type Candidates = Int32Array | number[] | 'all';

/** A tsquery with its lexemes as their places in the query's distinct lexemes (QueryWords.ids). */
type LexemeTree = number | { and: LexemeTree[] } | { or: LexemeTree[] };

/** The tree of a query no product can match: an OR of nothing. */
const NEVER: LexemeTree = { or: [] };

/**
 * A search's words as the index looks them up: PostgreSQL's tsquery prepared for ranking, its distinct lexemes as
 * the index's ids (-1: a lexeme no product has), and the tree over their places. A spelling asked twice (the english
 * and simple configurations often give the same lexeme) is one leaf.
 */
interface QueryWords {
  prepared: PreparedQuery;
  ids: number[];
  tree: LexemeTree;
}

/** A search's filters in the slots' terms (brands and category as their codes). */
interface SlotFilter {
  category?: number;
  brands?: number[];
  ram?: number;
  storage?: number;
  min: number;
  max: number;
  /** Whether min or max bounds the price: a search without them never reads a price. */
  priced: boolean;
  store?: string;
}

/**
 * One order's slots, sorted when it was made. Slots written since (`move`) are flagged and listed: walks skip them
 * and weigh them apart, so an answer is exact however stale the sort.
 */
class KeptOrder {
  /** By slot: 1 when moved since the sort; slots added since are past its end, and listed. */
  readonly moved: Uint8Array;
  readonly movedSlots: number[] = [];
  private added = new Set<number>();

  constructor(
    readonly slots: Int32Array,
    /** Price orders: each position's price when sorted, where a price bound starts and ends a walk. */
    private readonly prices?: Float64Array,
    private readonly descending = false,
    /**
     * Other orders: the same slots split by (category, brand) bucket, so that a search of one brand in one category
     * walks its own products only. At a million products the whole order was walked past thousands of others'.
     */
    readonly byBucket?: Map<number, Int32Array>,
  ) {
    this.moved = new Uint8Array(slots.length);
  }

  move(slot: number): void {
    if (slot < this.moved.length) {
      if (this.moved[slot] === 1) return;
      this.moved[slot] = 1;
    } else {
      if (this.added.has(slot)) return;
      this.added.add(slot);
    }
    this.movedSlots.push(slot);
  }

  /**
   * What a walk of the order reads: the bucket's own slots when the search is of one (category, brand) bucket and the
   * order keeps its slots by bucket, else the positions range() gives.
   */
  walkable(f: SlotFilter, bucket: number | undefined): { slots: Int32Array; from: number; to: number } {
    if (bucket !== undefined && this.byBucket) {
      const slots = this.byBucket.get(bucket) ?? EMPTY;
      return { slots, from: 0, to: slots.length };
    }
    const [from, to] = this.range(f);
    return { slots: this.slots, from, to };
  }

  /**
   * The positions that can hold a match: in a price order, those whose price when sorted is within the bounds.
   * Moved slots may be out of place, but walks skip them, and the rest are in order.
   */
  range(f: SlotFilter): [number, number] {
    const prices = this.prices;
    if (!prices) return [0, this.slots.length];
    // The first position whose price passes `before`, by bisection (prices are sorted, one way or the other).
    const first = (before: (price: number) => boolean) => {
      let lo = 0;
      let hi = prices.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (before(prices[mid]!)) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return this.descending
      ? [first((p) => p > f.max), first((p) => p >= f.min)]
      : [first((p) => p < f.min), first((p) => p <= f.max)];
  }
}

/**
 * Each product id's slot. Ids come from a sequence, so they are held in a typed array indexed by id (4 bytes an id up
 * to the largest), which a million lookups read several times faster than a Map of as many entries, in a quarter of
 * its memory; an id past DENSE_IDS (a sequence moved far on) is kept in a Map instead.
 */
export class SlotsById {
  private dense = new Int32Array(1024).fill(-1);
  private readonly sparse = new Map<number, number>();

  get(id: number): number | undefined {
    if (id >= DENSE_IDS || id < 0) return this.sparse.get(id);
    const slot = id < this.dense.length ? this.dense[id]! : -1;
    return slot === -1 ? undefined : slot;
  }

  set(id: number, slot: number): void {
    if (id >= DENSE_IDS || id < 0) {
      this.sparse.set(id, slot);
      return;
    }
    if (id >= this.dense.length) {
      const grown = new Int32Array(Math.min(DENSE_IDS, Math.max(id + 1, this.dense.length * 2))).fill(-1);
      grown.set(this.dense);
      this.dense = grown;
    }
    this.dense[id] = slot;
  }
}

/** Ids below this are kept in SlotsById's array (64 MB at most). */
const DENSE_IDS = 16_000_000;

type SlotArray = Float64Array | Int32Array | Uint8Array;

/** A growable typed array. */
class Column<T extends SlotArray> {
  constructor(public data: T) {}
  /** Grows to hold at least `length`, in the same kind of array. */
  ensure(length: number): void {
    if (length <= this.data.length) return;
    const grown = new (this.data.constructor as new (n: number) => T)(Math.max(length, this.data.length * 2, 1024));
    grown.set(this.data as never);
    this.data = grown;
  }
}

/**
 * The visible catalogue products held in this process for search: their filters, orders, price and the lexemes of
 * their search vector with positions and weights, so that a search is answered without the database and exactly as
 * search.ts's statements answer it (the order, the facets, the ranks: text-search.ts reproduces PostgreSQL's
 * matching and ts_rank). Products are kept in slots; a product keeps its slot for the life of the index.
 *
 * Documents live in one arena: per slot, [n, lexeme ids (sorted), n + 1 offsets into the positions, positions packed
 * as position << 2 | weight]. A product that changes is written again at the arena's end; the space it left is
 * reclaimed when the index is loaded again. Buckets ((category, brand) → slots) only ever grow between loads: they
 * can hold a slot that no longer has the bucket, so every candidate is checked against its product, and seen once per
 * search (an epoch mark per slot) when it can come from two lists.
 *
 * Postings (lexeme → slots) are built once the load has read every product: per lexeme, its slots in ascending order
 * with their positions of it (`Postings`). A search reads them in step (a cursor per query lexeme, `seek`), so
 * finding and ranking a query's words in a match reads those lists in order instead of each match's document, which
 * at a million products is scattered memory (decision 045). A slot written after the build is flagged as
 * rewritten: its entries in the built lists are skipped, it is listed under each of its lexemes apart, and its words
 * are looked up in its document as before.
 */
export class SearchIndex {
  private slotOf = new SlotsById();
  private size = 0;
  private ids = new Column(new Int32Array(0));
  private alive = new Column(new Uint8Array(0));
  private category = new Column(new Uint8Array(0));
  private brandId = new Column(new Int32Array(0));
  private ram = new Column(new Float64Array(0));
  private storage = new Column(new Float64Array(0));
  private price = new Column(new Float64Array(0));
  private views = new Column(new Float64Array(0));
  private unitsSold = new Column(new Float64Array(0));
  private created = new Column(new Float64Array(0));
  private docAt = new Column(new Int32Array(0));
  private marks = new Column(new Int32Array(0));
  /** Each match's rank during one search (matching). */
  private rankOf = new Column(new Float64Array(0));
  /**
   * During one search, where a slot has each of the query's lexemes among its own (-1: not at all), and which slot
   * that was looked up for (-1: none yet): looked up once for matching and ranking both.
   */
  private wordAt = new Int32Array(0);
  private wordSlot = new Int32Array(0);
  /**
   * During one search, per query lexeme, how far into its built postings the lookups have gone: matches are met in
   * ascending slot order, so each lexeme's list is read forward once (seek).
   */
  private cursor = new Int32Array(0);
  private epoch = 0;
  private lowerName: string[] = [];
  /** Each slot's name as written (suggestions show it). */
  private names: string[] = [];
  /** A hash of each lower-case name, checked before the name itself (a string elsewhere in memory) is read. */
  private nameHash = new Column(new Int32Array(0));
  private storesOf: (string[] | null)[] = [];

  private arena = new Column(new Int32Array(0));
  private arenaLength = 0;

  private brands = new Dictionary<string>();
  /** The RAM sizes met, by id: a group keeps its RAM's id (groupRam). */
  private rams = new Dictionary<number>();
  private lexemes = new Dictionary<string>();
  /** Lexeme ids in the order of their text: those a prefix starts (namesMatching). */
  private lexemeOrder = new TextOrder(
    () => this.lexemes.values.keys(),
    (id) => this.lexemes.values[id],
  );
  /** Slots in the order of their lower-case names: those a prefix starts (namesStartingWith). */
  private nameOrder = new TextOrder(
    () => this.lowerName.keys(),
    (slot) => this.lowerName[slot],
  );
  /** By lexeme id: the slots that had the lexeme when the load ended, and those written since that have it. */
  private postings: Postings[] = [];
  /** Whether the postings were built (the load has ended): from then on a written slot is flagged as rewritten. */
  private built = false;
  /** By slot: 1 when written after the postings were built (its built entries are stale). */
  private rewritten = new Column(new Uint8Array(0));
  private buckets = new Map<number, number[]>();
  private storeSlots = new Map<string, number[]>();

  /**
   * Products counted per (category, brand, RAM, price step), as product_facet_counts counts them: the facets of a
   * search without words, store or storage, whatever the number of its matches. A slot's group is groupOf.
   */
  private groups = new Dictionary<string>();
  private groupOf = new Column(new Int32Array(0));
  private groupCategory = new Column(new Int32Array(0));
  private groupBrand = new Column(new Int32Array(0));
  private groupRam = new Column(new Int32Array(0));
  private groupBucket = new Column(new Int32Array(0));
  private groupCount = new Column(new Int32Array(0));
  /** The groups of each category code and of each brand id, so that a search without words visits only its own. */
  private groupsOfCategory = new Map<number, number[]>();
  private groupsOfBrand = new Map<number, number[]>();
  /** tally's matches per group, all zero between searches. */
  private groupHits = new Column(new Int32Array(0));
  /** Every column indexed by slot, grown together. */
  private readonly slotColumns: Column<SlotArray>[] = [
    this.ids,
    this.alive,
    this.category,
    this.brandId,
    this.ram,
    this.storage,
    this.price,
    this.views,
    this.unitsSold,
    this.created,
    this.docAt,
    this.nameHash,
    this.marks,
    this.rankOf,
    this.groupOf,
    this.rewritten,
  ];

  /** Every slot in each order a search without words can ask for, so that a page of many matches is walked. */
  private sorted = new Map<IndexOrder, KeptOrder>();

  /** Products held (visible ones). */
  get count(): number {
    let n = 0;
    for (let s = 0; s < this.size; s++) n += this.alive.data[s]!;
    return n;
  }

  /** Loads every visible product into the slot planned for it (planSlots), in batches in slot order. */
  static async load(db: Db): Promise<SearchIndex> {
    const index = new SearchIndex();
    const planned = await index.planSlots(db);
    for (let i = 0; i < planned.length; i += LOAD_BATCH) {
      const part = `{${planned.slice(i, i + LOAD_BATCH).join(',')}}`;
      const rows = await readProducts(db, sql`p.id = any(${part}::int[])`, sql``);
      // Written in slot order, so documents lie in the arena in the order buildPostings and matching read them.
      rows.sort((a, b) => index.slotOf.get(a.id)! - index.slotOf.get(b.id)!);
      for (const row of rows) index.put(row);
    }
    // A product hidden since the plan keeps its slot, empty, as a product gone from the shop does; one shown since
    // is heard of by the change feed, and read after the load (live-index.ts).
    for (let s = 0; s < planned.length; s++) if (index.alive.data[s] === 0) index.writeDocument(s, '');
    for (const order of WALKED_ORDERS) index.sortOrder(order);
    index.buildPostings();
    // Sorted now rather than by the first suggestion: at a million products, a second of the event loop.
    index.lexemeOrder.sortAll();
    index.nameOrder.sortAll();
    return index;
  }

  /**
   * Numbers the slots before the load writes them (decision 048): the shown products by brand and then name, as the
   * database sorts them. A search's words then find their matches in runs of neighbouring slots ("legion": the Lenovo
   * Legions, side by side), and the columns it reads per match (filters, ranks, groups) are read along rather than a
   * cache line a match: at a million products the index answered "lenvo legion" in 9.5 ms with slots in id order, 4
   * in this one. Only the slots' numbers change: every answer is ordered and tied by product id, as before. Answers
   * the planned ids, in slot order.
   */
  private async planSlots(db: Db): Promise<number[]> {
    const [plan] = await queryRows<{ ids: string | null }>(
      db,
      sql`select string_agg(id::text, ',' order by brand, lower(name) collate "C", id) as ids from products where visible`,
    );
    const ids = plan?.ids ? plan.ids.split(',').map(Number) : [];
    this.grow(ids.length);
    ids.forEach((id, slot) => {
      this.slotOf.set(id, slot);
      this.ids.data[slot] = id;
    });
    this.size = ids.length;
    return ids;
  }

  /** Reads the products again (after the change feed told of them): changed, added, or gone from the shop. */
  async reload(db: Db, productIds: readonly number[]): Promise<void> {
    const found = new Set<number>();
    for (let i = 0; i < productIds.length; i += LOAD_BATCH) {
      const part = productIds.slice(i, i + LOAD_BATCH);
      const rows = await readProducts(db, sql`p.id = any(${`{${part.join(',')}}`}::int[])`, sql``);
      for (const row of rows) {
        found.add(row.id);
        this.put(row);
      }
    }
    for (const id of productIds) if (!found.has(id)) this.remove(id);
  }

  /**
   * Views and units sold, which the change feed does not tell (they change with every visit): read them all, as one
   * text `id,views,units_sold;…` from an index-only scan of products_rank_idx (which holds the three), and read here
   * number by number, yielding to waiting requests every POPULARITY_SLICE products. At a million products, rows read by
   * id in statements of 5,000 took PostgreSQL 1.6-2.0 s and the process 1.0-1.7 s a minute (bench/README.md). A
   * product no longer shown is found in no slot, or in a slot no search reads: its figures do no harm.
   */
  async refreshPopularity(db: Db): Promise<void> {
    const [all] = await queryRows<{ rows: string | null }>(
      db,
      sql`select string_agg(id || ',' || views || ',' || units_sold, ';') as rows from products`,
    );
    if (!all?.rows) return;
    await eachTripleYielding(all.rows, POPULARITY_SLICE, (id, views, unitsSold) =>
      this.setPopularity(id, views, unitsSold),
    );
  }

  private setPopularity(id: number, views: number, unitsSold: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    if (this.views.data[slot] === views && this.unitsSold.data[slot] === unitsSold) return;
    this.views.data[slot] = views;
    this.unitsSold.data[slot] = unitsSold;
    for (const order of POPULARITY_ORDERS) this.sorted.get(order)?.move(slot);
  }

  private remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined || this.alive.data[slot] === 0) return;
    this.alive.data[slot] = 0;
    this.groupCount.data[this.groupOf.data[slot]!]! -= 1;
  }

  private put(row: ProductRow): void {
    let slot = this.slotOf.get(row.id);
    // While the index loads, each product is written once, into its planned slot or a new one.
    const fresh = slot === undefined || !this.built;
    if (slot === undefined) {
      slot = this.size++;
      this.slotOf.set(row.id, slot);
      this.grow(this.size);
      this.ids.data[slot] = row.id;
    }
    const old = fresh ? null : this.snapshotKeys(slot);
    if (!fresh && this.alive.data[slot] === 1) this.groupCount.data[this.groupOf.data[slot]!]! -= 1;
    this.alive.data[slot] = 1;
    this.category.data[slot] = CATEGORY_CODE.get(row.category) ?? 255;
    this.brandId.data[slot] = this.brands.idOf(row.brand);
    this.ram.data[slot] = row.ram_gb;
    this.storage.data[slot] = row.storage_gb;
    this.price.data[slot] = Number(row.lowest_price);
    this.views.data[slot] = row.views;
    this.unitsSold.data[slot] = row.units_sold;
    this.created.data[slot] = Number(row.created);
    if (this.built && this.lowerName[slot] !== row.lower_name) this.nameOrder.written(slot);
    this.names[slot] = row.name;
    this.lowerName[slot] = row.lower_name;
    this.nameHash.data[slot] = hashOf(row.lower_name);
    this.countInGroup(slot);
    for (const order of this.sorted.values()) order.move(slot);

    const bucket = this.bucketKey(slot);
    if (!old || old.bucket !== bucket) push(this.buckets, bucket, slot);

    const stores = row.stores ?? [];
    for (const store of stores) if (!old?.stores.includes(store)) push(this.storeSlots, store, slot);
    this.storesOf[slot] = stores.length > 0 ? stores : null;

    const lexemeIds = this.writeDocument(slot, row.search);
    if (!this.built) return;
    // Listed apart under every lexeme the first time (its built entries are skipped from now on), then under those
    // it did not have before.
    const first = this.rewritten.data[slot] === 0;
    this.rewritten.data[slot] = 1;
    for (const id of lexemeIds) if (first || !old?.lexemes.has(id)) this.postings[id]!.added.push(slot);
    const a = this.arena.data;
    this.eachEntry(slot, (id, from, to) => {
      const postings = this.postings[id]!;
      if (postings.mostOr >= 0) postings.mostOr = Math.max(postings.mostOr, orWeight({ data: a, from, to }));
    });
  }

  /**
   * Lists every slot under each lexeme of its document, in ascending slot order, with its positions of the lexeme:
   * two passes over the arena, one to count and one to fill.
   */
  private buildPostings(): void {
    const a = this.arena.data;
    const lexemeCount = this.postings.length;
    const entries = new Int32Array(lexemeCount);
    const positionCount = new Int32Array(lexemeCount);
    for (let s = 0; s < this.size; s++) {
      this.eachEntry(s, (id, from, to) => {
        entries[id]! += 1;
        positionCount[id]! += to - from;
      });
    }
    const built = Array.from({ length: lexemeCount }, (_, id) => ({
      slots: new Int32Array(entries[id]!),
      starts: new Int32Array(entries[id]! + 1),
      positions: new Int32Array(positionCount[id]!),
      mostOr: -1,
    }));
    entries.fill(0);
    positionCount.fill(0);
    for (let s = 0; s < this.size; s++) {
      this.eachEntry(s, (id, from, to) => {
        const list = built[id]!;
        const e = entries[id]!++;
        list.slots[e] = s;
        let p = positionCount[id]!;
        list.starts[e] = p;
        for (let j = from; j < to; j++) list.positions[p++] = a[j]!;
        positionCount[id] = p;
        list.starts[e + 1] = p;
      });
    }
    this.postings.forEach((postings, id) => Object.assign(postings, built[id]));
    this.built = true;
  }

  /** Counts the slot in its (category, brand, RAM, price step) group. */
  private countInGroup(slot: number): void {
    const category = this.category.data[slot]!;
    const brand = this.brandId.data[slot]!;
    const ram = this.rams.idOf(this.ram.data[slot]!);
    const bucket = Math.floor(this.price.data[slot]! / PRICE_FILTER_STEP);
    const known = this.groups.values.length;
    const group = this.groups.idOf(`${category} ${brand} ${ram} ${bucket}`);
    if (group === known) {
      for (const column of [this.groupCategory, this.groupBrand, this.groupRam, this.groupBucket, this.groupCount])
        column.ensure(group + 1);
      this.groupCategory.data[group] = category;
      this.groupBrand.data[group] = brand;
      this.groupRam.data[group] = ram;
      this.groupBucket.data[group] = bucket;
      push(this.groupsOfCategory, category, group);
      push(this.groupsOfBrand, brand, group);
    }
    this.groupCount.data[group]! += 1;
    this.groupOf.data[slot] = group;
  }

  /** Sorts every slot in the order (about 30 ms per 100,000 products), forgetting which had moved. */
  private sortOrder(order: IndexOrder): KeptOrder {
    const slots = new Int32Array(this.size);
    for (let s = 0; s < this.size; s++) slots[s] = s;
    slots.sort(this.comparator(order, null));
    const prices =
      order === 'price_asc' || order === 'price_desc'
        ? Float64Array.from(slots, (s) => this.price.data[s]!)
        : undefined;
    const kept = new KeptOrder(slots, prices, order === 'price_desc', prices ? undefined : this.splitByBucket(slots));
    this.sorted.set(order, kept);
    return kept;
  }

  /** The slots of an order split by (category, brand) bucket, each bucket's in the order's order. */
  private splitByBucket(slots: Int32Array): Map<number, Int32Array> {
    const lists = new Map<number, number[]>();
    for (let i = 0; i < slots.length; i++) push(lists, this.bucketKey(slots[i]!), slots[i]!);
    return new Map([...lists].map(([bucket, list]) => [bucket, Int32Array.from(list)]));
  }

  /** What a slot is found by before it is written again: its bucket, stores and lexemes. */
  private snapshotKeys(slot: number) {
    const lexemes = new Set<number>();
    this.eachEntry(slot, (id) => lexemes.add(id));
    return { bucket: this.bucketKey(slot), stores: this.storesOf[slot] ?? [], lexemes };
  }

  private grow(length: number): void {
    for (const column of this.slotColumns) column.ensure(length);
  }

  private lexemeIdFor(lexeme: string): number {
    const id = this.lexemes.idOf(lexeme);
    if (id === this.postings.length) {
      this.postings.push({ slots: EMPTY, starts: NO_STARTS, positions: EMPTY, added: [], mostOr: -1 });
      if (this.built) this.lexemeOrder.written(id);
    }
    return id;
  }

  private bucketKey(slot: number): number {
    return bucketOf(this.brandId.data[slot]!, this.category.data[slot]!);
  }

  /** Writes the slot's document at the arena's end; returns its lexeme ids. */
  private writeDocument(slot: number, search: string): number[] {
    const entries = [...parseTsvector(search)].map(([lexeme, entry]) => ({ id: this.lexemeIdFor(lexeme), entry }));
    entries.sort((a, b) => a.id - b.id);
    const n = entries.length;
    const positions = entries.reduce((sum, e) => sum + e.entry.positions.length, 0);
    const at = this.arenaLength;
    const length = 1 + n + (n + 1) + positions;
    this.arena.ensure(at + length);
    const a = this.arena.data;
    a[at] = n;
    let p = at + 1 + n + (n + 1);
    entries.forEach(({ id, entry }, i) => {
      a[at + 1 + i] = id;
      a[at + 1 + n + i] = p;
      for (let j = 0; j < entry.positions.length; j++) a[p++] = (entry.positions[j]! << 2) | entry.weights[j]!;
    });
    a[at + 1 + n + n] = p;
    this.arenaLength = at + length;
    this.docAt.data[slot] = at;
    return entries.map((e) => e.id);
  }

  /** Each lexeme of the slot's document, in id order, with where its positions lie in the arena. */
  private eachEntry(slot: number, visit: (lexemeId: number, from: number, to: number) => void): void {
    const a = this.arena.data;
    const at = this.docAt.data[slot]!;
    const n = a[at]!;
    const offsets = at + 1 + n;
    for (let i = 0; i < n; i++) visit(a[at + 1 + i]!, a[offsets + i]!, a[offsets + i + 1]!);
  }

  /** Sets `place` to where the positions of the slot's i-th lexeme lie in the arena, and returns it. */
  private positionsIn(slot: number, i: number, place: Positions): Positions {
    const a = this.arena.data;
    const at = this.docAt.data[slot]!;
    const offsets = at + 1 + a[at]!;
    place.data = a;
    place.from = a[offsets + i]!;
    place.to = a[offsets + i + 1]!;
    return place;
  }

  /** Where the slot's entry for a lexeme id is among its lexemes, or -1. */
  private findLexeme(slot: number, lexemeId: number): number {
    const a = this.arena.data;
    const at = this.docAt.data[slot]!;
    let lo = 0;
    let hi = a[at]! - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = a[at + 1 + mid]!;
      if (v === lexemeId) return mid;
      if (v < lexemeId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * The ids of up to `n` products in the shop, those a search without words shows first ('relevance'), in that order:
   * the cards most likely to be asked for, kept from the start (catalog/repository readCardsAhead).
   */
  leading(n: number): number[] {
    const order = this.sorted.get('relevance') ?? this.sortOrder('relevance');
    const ids: number[] = [];
    for (let i = 0; i < order.slots.length && ids.length < n; i++) {
      const s = order.slots[i]!;
      if (this.alive.data[s] === 1) ids.push(this.ids.data[s]!);
    }
    return ids;
  }

  /**
   * The names of up to `rows` shown products whose document holds every lexeme of `exact` and one that starts with
   * `prefix`, each name once: what suggestions' full-text statement (`search @@ (plainto_tsquery('simple', w) && … &&
   * to_tsquery('simple', 'prefix:*'))`, suggestions.ts) finds, without the database. Which `rows` products, when more
   * match, is the order of their slots (the statement's is the table's, as unordered).
   */
  namesMatching(exact: readonly string[], prefix: string, rows: number): string[] {
    const exactIds: number[] = [];
    for (const word of exact) {
      const id = this.lexemes.find(word);
      if (id === undefined) return [];
      exactIds.push(id);
    }
    const prefixIds = this.lexemesStartingWith(prefix);
    if (prefixIds.length === 0) return [];
    const isPrefix = new Set(prefixIds);
    // The candidates: the slots of the rarest exact lexeme, or those of every lexeme the prefix starts when they are
    // fewer ("laptop zq": a few, against every laptop).
    const rarest = exactIds.reduce<number | undefined>(
      (best, id) => (best === undefined || this.postingCount(id) < this.postingCount(best) ? id : best),
      undefined,
    );
    const prefixed = prefixIds.reduce((sum, id) => sum + this.postingCount(id), 0);
    const lists = rarest !== undefined && this.postingCount(rarest) < prefixed ? [rarest] : prefixIds;
    const seen = new Set<number>();
    const names = new Set<string>();
    const a = this.arena.data;
    let found = 0;
    const consider = (slot: number): boolean => {
      if (seen.has(slot) || this.alive.data[slot] !== 1) return false;
      seen.add(slot);
      for (const id of exactIds) if (this.findLexeme(slot, id) < 0) return false;
      const at = this.docAt.data[slot]!;
      let i = a[at]! - 1;
      while (i >= 0 && !isPrefix.has(a[at + 1 + i]!)) i--;
      if (i < 0) return false;
      names.add(this.names[slot]!);
      return ++found >= rows;
    };
    for (const id of lists) {
      const postings = this.postings[id]!;
      // Built entries of a slot rewritten since are stale; the slots written since are among `added`.
      for (const slot of postings.slots) if (this.rewritten.data[slot] === 0 && consider(slot)) return [...names];
      for (const slot of postings.added) if (consider(slot)) return [...names];
    }
    return [...names];
  }

  /** The largest orWeight of lexeme `id` in any document (0 for -1, a lexeme no product has), worked out once. */
  private mostOrOf(id: number): number {
    if (id < 0) return 0;
    const postings = this.postings[id]!;
    if (postings.mostOr < 0) {
      const { starts, positions, added } = postings;
      let most = 0;
      const place: Positions = { data: positions, from: 0, to: 0 };
      for (let e = 0; e + 1 < starts.length; e++) {
        place.from = starts[e]!;
        place.to = starts[e + 1]!;
        most = Math.max(most, orWeight(place));
      }
      // Slots written since the postings were built: their documents as they are now.
      for (const slot of added) {
        const i = this.findLexeme(slot, id);
        if (i >= 0) most = Math.max(most, orWeight(this.positionsIn(slot, i, place)));
      }
      postings.mostOr = most;
    }
    return postings.mostOr;
  }

  /** How many slots a lexeme's postings list (built and added): which exact word of a suggestion is the rarest. */
  private postingCount(lexemeId: number): number {
    const postings = this.postings[lexemeId]!;
    return postings.slots.length + postings.added.length;
  }

  /**
   * The names of the first `rows` shown products, in the order of their lower-case names, whose lower-case name starts
   * with `prefix`, each name once: what suggestions' first statement (`lower(p.name) like 'prefix%'`, walking
   * products_name_prefix_idx) finds, without the database.
   */
  namesStartingWith(prefix: string, rows: number): string[] {
    const alive = (slot: number) => this.alive.data[slot] === 1;
    return [...new Set(this.nameOrder.startingWith(prefix, rows, alive).map((slot) => this.names[slot]!))];
  }

  /** The ids of the lexemes that start with `prefix` (a prefix lexeme, `prefix:*`). */
  private lexemesStartingWith(prefix: string): number[] {
    return this.lexemeOrder.startingWith(prefix, Infinity, () => true);
  }

  /** Answers a search: the page's product ids in order, and the facets of every match. */
  search(q: IndexQuery): IndexAnswer {
    const filter = this.filterOf(q);
    if (!filter || q.text === null) return { ids: [], tally: this.tally([]) };
    const counted = q.text === undefined ? this.countedTally(q, filter) : null;
    if (counted) return { ids: this.pageWithoutWords(q, filter, counted.total), tally: counted };
    const words = q.text ? this.wordsOf(q.text) : null;
    const ranked = q.order === 'relevance' && words ? q.phrase : null;
    if (ranked !== null) {
      // The page is kept as the matches are ranked, so that a match that cannot reach it is not ranked at all.
      const best = new BestSlots(q.offset + q.limit, this.comparator('relevance', this.rankOf.data));
      const matches = this.matching(filter, words, { phrase: ranked, best });
      return { ids: best.slots.slice(q.offset).map((slot) => this.ids.data[slot]!), tally: this.tally(matches) };
    }
    const matches = this.matching(filter, words, null);
    const tally = this.tally(matches);
    const page = this.page(matches, q);
    return { ids: page.map((slot) => this.ids.data[slot]!), tally };
  }

  /** The query's filters in the slots' terms; null when it names only brands no product has (nothing matches). */
  private filterOf(q: IndexQuery): SlotFilter | null {
    const brands =
      q.brands === undefined
        ? undefined
        : q.brands.map((b) => this.brands.find(b)).filter((id): id is number => id !== undefined);
    if (brands && brands.length === 0) return null;
    return {
      category: q.category === undefined ? undefined : (CATEGORY_CODE.get(q.category) ?? -1),
      brands,
      ram: q.ram,
      storage: q.storage,
      min: q.minPaisa ?? -Infinity,
      max: q.maxPaisa ?? Infinity,
      priced: q.minPaisa !== undefined || q.maxPaisa !== undefined,
      store: q.store,
    };
  }

  /**
   * Whether slot s is in the shop and passes every filter. At a million products each array read here is a likely
   * cache miss, so the price is read only when bounded.
   */
  private passes(s: number, f: SlotFilter): boolean {
    if (this.alive.data[s] !== 1) return false;
    if (f.priced) {
      const price = this.price.data[s]!;
      if (price < f.min || price > f.max) return false;
    }
    return (
      (f.category === undefined || this.category.data[s] === f.category) &&
      (f.brands === undefined || f.brands.includes(this.brandId.data[s]!)) &&
      (f.ram === undefined || this.ram.data[s] === f.ram) &&
      (f.storage === undefined || this.storage.data[s] === f.storage) &&
      (f.store === undefined || this.storesOf[s]?.includes(f.store) === true)
    );
  }

  /**
   * The facets of a search without words from the group counts, as search.ts's countConditions reads
   * product_facet_counts; null when they cannot answer (a store, a storage size, a price bound between two steps).
   */
  private countedTally(q: IndexQuery, f: SlotFilter): FacetTally | null {
    if (f.store !== undefined || f.storage !== undefined) return null;
    const min = q.minPaisa;
    const max = q.maxPaisa;
    if (
      (min !== undefined && min % PRICE_FILTER_STEP !== 0) ||
      (max !== undefined && (max + 1) % PRICE_FILTER_STEP !== 0)
    )
      return null;
    const lowest = min === undefined ? -Infinity : min / PRICE_FILTER_STEP;
    const highest = max === undefined ? Infinity : (max + 1) / PRICE_FILTER_STEP - 1;
    const groups: FacetGroup[] = [];
    const count = this.groupCount.data;
    const visit = (g: number) => {
      const n = count[g]!;
      const bucket = this.groupBucket.data[g]!;
      if (n === 0 || bucket < lowest || bucket > highest) return;
      if (f.category !== undefined && this.groupCategory.data[g] !== f.category) return;
      if (f.brands !== undefined && !f.brands.includes(this.groupBrand.data[g]!)) return;
      const group = this.facetGroup(g, n);
      if (f.ram !== undefined && group.r !== f.ram) return;
      groups.push(group);
    };
    // Only the groups that can pass: those of the brands named, else of the category, else all.
    if (f.brands !== undefined) {
      for (const b of new Set(f.brands)) for (const g of this.groupsOfBrand.get(b) ?? []) visit(g);
    } else if (f.category !== undefined) {
      for (const g of this.groupsOfCategory.get(f.category) ?? []) visit(g);
    } else {
      for (let g = 0; g < this.groups.values.length; g++) visit(g);
    }
    return tallyOf(groups);
  }

  /**
   * The page of a search without words whose `total` matches the counts gave. When many match, the kept order is
   * walked until the page is full (about page end × size / total slots); when few do, they are gathered from the
   * smallest candidate lists and sorted, as a search with words is.
   */
  private pageWithoutWords(q: IndexQuery, f: SlotFilter, total: number): number[] {
    const wanted = q.offset + q.limit;
    if (q.offset >= total) return [];
    let order = this.sorted.get(q.order);
    if (order && order.movedSlots.length > MAX_MOVED) order = this.sortOrder(q.order);
    const lists = this.candidates(f, null);
    const walk = order?.walkable(f, this.onlyBucket(f));
    let slots: number[];
    if (!order || !walk || (wanted * (walk.to - walk.from)) / total > this.sizeOf(lists)) {
      slots = this.page(this.matching(f, null, null, lists), q);
    } else {
      const { moved, movedSlots } = order;
      const found: number[] = [];
      for (let i = walk.from; i < walk.to && found.length < wanted; i++) {
        const s = walk.slots[i]!;
        if (moved[s] === 0 && this.passes(s, f)) found.push(s);
      }
      const before = found.length;
      for (const s of movedSlots) if (this.passes(s, f)) found.push(s);
      if (found.length > before) found.sort(this.comparator(q.order, null));
      slots = found.slice(q.offset, wanted);
    }
    return slots.map((slot) => this.ids.data[slot]!);
  }

  /** The one (category, brand) bucket every match of the filter is in, if there is one. */
  private onlyBucket(f: SlotFilter): number | undefined {
    const { category, brands } = f;
    if (category === undefined || !brands?.length || brands.some((b) => b !== brands[0])) return undefined;
    return bucketOf(brands[0]!, category);
  }

  /**
   * The slots matching every filter and the words (null: none asked), each once, from the candidate lists. With
   * `ranking` (the query's phrase, and the page kept as the matches are ranked), each match that can reach
   * the page is ranked as search.ts's statement ranks it (10 for the exact name, plus ts_rank), its rank left in
   * rankOf, and offered to `best`. Under an OR of words every match's rank has a bound (orRankBound over each word's
   * most weight): a match that would come after the page's last even at the bound is counted but not ranked, which
   * leaves most matches of a broad word unranked when the page fills with matches at the bound (decision 051).
   */
  private matching(
    f: SlotFilter,
    words: QueryWords | null,
    ranking: { phrase: string; best: BestSlots } | null = null,
    lists = this.candidates(f, words),
  ): number[] {
    const epoch = ++this.epoch;
    const marks = this.marks.data;
    const rewritten = this.rewritten.data;
    const out: number[] = [];
    if (words) {
      if (this.wordAt.length < words.ids.length) {
        this.wordAt = new Int32Array(words.ids.length);
        this.wordSlot = new Int32Array(words.ids.length);
        this.cursor = new Int32Array(words.ids.length);
      }
      this.wordSlot.fill(-1);
      this.cursor.fill(0);
    }
    // A slot can be met twice only across lists, or within a list other than built postings or every slot.
    const filled = lists.filter((l) => l === 'all' || l.length > 0);
    const unique = filled.length === 1 && (filled[0] === 'all' || filled[0] instanceof Int32Array);
    const entry = words && ranking ? this.entryReader(words) : null;
    const ranks = this.rankOf.data;
    const lower = this.lowerName;
    const nameHash = this.nameHash.data;
    const phraseHash = ranking ? hashOf(ranking.phrase) : 0;
    // The highest rank a match can have (null: no bound), and what a match with it must beat to reach the page.
    const bound = words && ranking ? orRankBound(words.prepared, (k) => this.mostOrOf(words.ids[k]!)) : null;
    const views = this.views.data;
    const ids = this.ids.data;
    const matches = (s: number): boolean => {
      if (!unique) {
        if (marks[s] === epoch) return false;
        marks[s] = epoch;
      }
      if (!this.passes(s, f)) return false;
      if (words === null) return true;
      if (!this.holds(s, words.tree, words.ids)) return false;
      if (entry && ranking) {
        const { best } = ranking;
        const boost = nameHash[s] === phraseHash && lower[s] === ranking.phrase ? 10 : 0;
        if (bound !== null && best.full) {
          // Even at the highest rank it could have, it would come after the page's last: counted, not ranked.
          const last = best.last;
          const most = boost + bound;
          if (most < ranks[last]! || (most === ranks[last]! && (views[s]! - views[last]! || ids[last]! - ids[s]!) < 0))
            return true;
        }
        ranks[s] = boost + tsRank(words.prepared, entry(s));
        best.offer(s);
      }
      return true;
    };
    for (const candidates of filled) {
      if (candidates === 'all') {
        for (let s = 0; s < this.size; s++) if (matches(s)) out.push(s);
      } else if (candidates instanceof Int32Array) {
        // Built postings: a rewritten slot's entry is stale, and the slot is listed in `added` if it still qualifies.
        for (let i = 0; i < candidates.length; i++) {
          const s = candidates[i]!;
          if (rewritten[s] === 0 && matches(s)) out.push(s);
        }
      } else {
        for (let i = 0; i < candidates.length; i++) if (matches(candidates[i]!)) out.push(candidates[i]!);
      }
    }
    return out;
  }

  /** tsvector @@ tsquery (text-search.ts matchesQuery) on the slot's document, each lexeme looked up once (wordAt). */
  private holds(slot: number, node: LexemeTree, ids: number[]): boolean {
    if (typeof node === 'number') return this.wordIn(slot, node, ids) >= 0;
    if ('and' in node) {
      for (let i = 0; i < node.and.length; i++) if (!this.holds(slot, node.and[i]!, ids)) return false;
      return true;
    }
    for (let i = 0; i < node.or.length; i++) if (this.holds(slot, node.or[i]!, ids)) return true;
    return false;
  }

  /**
   * Where the slot has the query's k-th lexeme (-1: not at all), looked up the first time asked: its entry in the
   * lexeme's built postings, or, when the slot was rewritten since they were built, its place in the slot's document.
   */
  private wordIn(slot: number, k: number, ids: number[]): number {
    if (this.wordSlot[k] === slot) return this.wordAt[k]!;
    const id = ids[k]!;
    const i =
      id < 0
        ? -1
        : this.rewritten.data[slot] === 1
          ? this.findLexeme(slot, id)
          : this.seek(k, this.postings[id]!, slot);
    this.wordAt[k] = i;
    this.wordSlot[k] = slot;
    return i;
  }

  /**
   * The slot's entry in the built postings of the query's k-th lexeme (-1: not there), from where the last lookup of
   * that lexeme left off: forward by doubling steps, then by bisection. A slot before the last one asked starts over.
   */
  private seek(k: number, postings: Postings, slot: number): number {
    const list = postings.slots;
    let lo = this.cursor[k]!;
    if (lo > 0 && list[lo - 1]! >= slot) lo = 0;
    let hi = lo;
    let step = 1;
    while (hi < list.length && list[hi]! < slot) {
      lo = hi + 1;
      hi += step;
      step *= 2;
    }
    if (hi > list.length) hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < slot) lo = mid + 1;
      else hi = mid;
    }
    this.cursor[k] = lo;
    return lo < list.length && list[lo] === slot ? lo : -1;
  }

  /**
   * The query's words in the index's terms. A lexeme no product has can match nothing, and neither can an AND that
   * asks for it: such branches are left out of the tree (an OR left without any is NEVER), so that each match is not
   * checked against them. The closest results of a misspelt name ask for every pair of its words as typed and as
   * corrected, most of them pairs no product has ("sasmung & gaalxy"). Ranking reads the whole query (`prepared`).
   */
  private wordsOf(text: TsQuery): QueryWords {
    const prepared = prepareQuery(text);
    const ids = prepared.lexemes.map((l) => this.lexemes.find(l) ?? -1);
    const place = new Map(prepared.lexemes.map((lexeme, k) => [lexeme, k]));
    const treeOf = (node: TsQuery): LexemeTree => {
      if ('lexeme' in node) {
        const k = place.get(node.lexeme)!;
        return ids[k]! < 0 ? NEVER : k;
      }
      if ('and' in node) {
        const children = node.and.map(treeOf);
        return children.includes(NEVER) ? NEVER : { and: children };
      }
      const children = [...new Map(node.or.map((child) => [JSON.stringify(child), treeOf(child)])).values()].filter(
        (child) => child !== NEVER,
      );
      return children.length === 1 ? children[0]! : children.length === 0 ? NEVER : { or: children };
    };
    return { prepared, ids, tree: treeOf(text) };
  }

  /** Lists whose union holds every product the query matches: the shortest choice at each AND. */
  private postingsFor(node: LexemeTree, ids: number[]): Candidates[] {
    if (typeof node === 'number') {
      if (ids[node]! < 0) return [];
      const { slots, added } = this.postings[ids[node]!]!;
      return [slots, added];
    }
    const lists = ('and' in node ? node.and : node.or).map((child) => this.postingsFor(child, ids));
    if ('or' in node) return lists.flat();
    return lists.reduce((best, l) => (this.sizeOf(l) < this.sizeOf(best) ? l : best));
  }

  /** How many slots candidate lists hold, counted with repeats. */
  private sizeOf(lists: Candidates[]): number {
    return lists.reduce((sum, l) => sum + (l === 'all' ? this.size : l.length), 0);
  }

  /** The smallest lists the matches must be among. */
  private candidates(f: SlotFilter, words: QueryWords | null): Candidates[] {
    const { category: categoryCode, brands: brandIds } = f;
    const options: Candidates[][] = [];
    if (words !== null) options.push(this.postingsFor(words.tree, words.ids));
    if (f.store !== undefined) options.push([this.storeSlots.get(f.store) ?? []]);
    if (brandIds) {
      const codes = categoryCode !== undefined ? [categoryCode] : categories.map((_, i) => i);
      options.push(brandIds.flatMap((b) => codes.map((c) => this.buckets.get(bucketOf(b, c)) ?? [])));
    } else if (categoryCode !== undefined) {
      options.push(this.brands.values.map((_, b) => this.buckets.get(bucketOf(b, categoryCode)) ?? []));
    }
    let best: Candidates[] = ['all'];
    for (const lists of options) if (this.sizeOf(lists) < this.sizeOf(best)) best = lists;
    return best;
  }

  /**
   * The matches' facets, counted per (category, brand, RAM, price step) group and then added up per facet: one array
   * read per match, where four (one per facet) cost four likely cache misses each at a million products.
   */
  private tally(matches: number[]): FacetTally {
    const groupOf = this.groupOf.data;
    this.groupHits.ensure(this.groups.values.length);
    const hits = this.groupHits.data;
    const met: number[] = [];
    for (let i = 0; i < matches.length; i++) {
      const g = groupOf[matches[i]!]!;
      if (hits[g] === 0) met.push(g);
      hits[g]! += 1;
    }
    const groups = met.map((g) => {
      const n = hits[g]!;
      hits[g] = 0;
      return this.facetGroup(g, n);
    });
    return tallyOf(groups);
  }

  /** Group g's (category, brand, RAM, price step) as FacetGroup, counting n products. */
  private facetGroup(g: number, n: number): FacetGroup {
    return {
      c: categories[this.groupCategory.data[g]!],
      b: this.brands.values[this.groupBrand.data[g]!]!,
      r: this.rams.values[this.groupRam.data[g]!]!,
      k: this.groupBucket.data[g]!,
      n,
    };
  }

  /**
   * ts_rank's view of one slot's document (select it, then pass the lookup to tsRank): the positions of the lexemes
   * matching found (wordAt), in the built postings or, for a rewritten slot, in the arena. One object per query
   * lexeme is filled again for each slot, so ranking thousands of matches allocates nothing.
   */
  private entryReader(words: QueryWords): (slot: number) => LexemeLookup {
    const a = this.arena.data;
    const rewritten = this.rewritten.data;
    const lists = words.ids.map((id) => (id < 0 ? undefined : this.postings[id]));
    const places = words.ids.map((): Positions => ({ data: a, from: 0, to: 0 }));
    let slot = 0;
    const entry: LexemeLookup = (_, k) => {
      const i = this.wordIn(slot, k, words.ids);
      if (i < 0) return undefined;
      const place = places[k]!;
      if (rewritten[slot] === 1) {
        this.positionsIn(slot, i, place);
      } else {
        const list = lists[k]!;
        place.data = list.positions;
        place.from = list.starts[i]!;
        place.to = list.starts[i + 1]!;
      }
      return place;
    };
    return (selected) => {
      slot = selected;
      return entry;
    };
  }

  /** The page's slots in the search's order, unranked (a ranked search keeps its page as it ranks: matching). */
  private page(matches: number[], q: IndexQuery): number[] {
    if (q.offset >= matches.length) return [];
    const compare = this.comparator(q.order, null);
    const wanted = q.offset + q.limit;
    let ordered: number[];
    if (matches.length > wanted) {
      const best = new BestSlots(wanted, compare);
      for (const slot of matches) best.offer(slot);
      ordered = best.slots;
    } else {
      ordered = [...matches].sort(compare);
    }
    return ordered.slice(q.offset, wanted);
  }

  /** search.ts's ORDER BY of each order, on slots. */
  private comparator(order: IndexOrder, ranks: Float64Array | null): (a: number, b: number) => number {
    const id = this.ids.data;
    const price = this.price.data;
    const views = this.views.data;
    const sold = this.unitsSold.data;
    const created = this.created.data;
    switch (order) {
      case 'price_asc':
        return (a, b) => price[a]! - price[b]! || id[a]! - id[b]!;
      case 'price_desc':
        return (a, b) => price[b]! - price[a]! || id[a]! - id[b]!;
      case 'popular':
        return (a, b) => views[b]! - views[a]! || sold[b]! - sold[a]! || id[a]! - id[b]!;
      case 'newest':
        return (a, b) => created[b]! - created[a]! || id[b]! - id[a]!;
      default:
        if (ranks) return (a, b) => ranks[b]! - ranks[a]! || views[b]! - views[a]! || id[a]! - id[b]!;
        return (a, b) => sold[b]! - sold[a]! || views[b]! - views[a]! || id[a]! - id[b]!;
    }
  }
}

/**
 * The first `wanted` slots in an order, sorted, kept as slots are offered one by one: most are turned away by one
 * comparison with the last.
 */
class BestSlots {
  readonly slots: number[] = [];
  constructor(
    private readonly wanted: number,
    private readonly compare: (a: number, b: number) => number,
  ) {}

  get full(): boolean {
    return this.slots.length >= this.wanted;
  }

  /** The last slot kept (only when full). */
  get last(): number {
    return this.slots[this.wanted - 1]!;
  }

  offer(slot: number): void {
    const { slots, wanted, compare } = this;
    if (wanted === 0 || (slots.length === wanted && compare(slot, slots[wanted - 1]!) >= 0)) return;
    let lo = 0;
    let hi = slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(slots[mid]!, slot) <= 0) lo = mid + 1;
      else hi = mid;
    }
    slots.splice(lo, 0, slot);
    if (slots.length > wanted) slots.pop();
  }
}

/**
 * Items (slots, lexeme ids) in the order of a text of theirs, for those whose text starts with a prefix: sorted once,
 * when first asked (or by sortAll), then the items written since (a new lexeme, a new or renamed product) are kept
 * apart and looked through one by one, until there are `maxApart` of them and they are merged in (a sort of those
 * alone and one pass over the rest). Ties are in item order.
 */
export class TextOrder {
  private order = new Int32Array(0);
  /** Each placed item's text when it was placed: an item written since is apart, and its place is skipped. */
  private keys: string[] = [];
  private apart = new Set<number>();
  private sorted = false;

  constructor(
    private readonly items: () => Iterable<number>,
    private readonly textOf: (item: number) => string | undefined,
    private readonly maxApart = MAX_APART,
  ) {}

  /** Places every item (with a text) afresh. */
  sortAll(): void {
    this.place([...this.items()].filter((item) => this.textOf(item) !== undefined).sort(this.byText));
    this.apart.clear();
    this.sorted = true;
  }

  /** An item whose text is new or has changed. */
  written(item: number): void {
    if (!this.sorted) return;
    this.apart.add(item);
    if (this.apart.size > this.maxApart) this.mergeApart();
  }

  /** Up to `limit` items that `wanted` accepts and whose text starts with `prefix`, in the order of their texts. */
  startingWith(prefix: string, limit: number, wanted: (item: number) => boolean): number[] {
    if (!this.sorted) this.sortAll();
    const { order, keys } = this;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let i = lo; i < order.length && found.length < limit && keys[i]!.startsWith(prefix); i++) {
      const item = order[i]!;
      if (!this.apart.has(item) && wanted(item)) found.push(item);
    }
    const extra = [...this.apart].filter((item) => this.textOf(item)?.startsWith(prefix) && wanted(item));
    return extra.length === 0 ? found : [...found, ...extra].sort(this.byText).slice(0, limit);
  }

  private readonly byText = (a: number, b: number): number => {
    const x = this.textOf(a)!;
    const y = this.textOf(b)!;
    return x < y ? -1 : x > y ? 1 : a - b;
  };

  private mergeApart(): void {
    const added = [...this.apart].filter((item) => this.textOf(item) !== undefined).sort(this.byText);
    const merged: number[] = [];
    let j = 0;
    for (const item of this.order) {
      if (this.apart.has(item)) continue;
      while (j < added.length && this.byText(added[j]!, item) < 0) merged.push(added[j++]!);
      merged.push(item);
    }
    while (j < added.length) merged.push(added[j++]!);
    this.place(merged);
    this.apart.clear();
  }

  private place(items: number[]): void {
    this.order = Int32Array.from(items);
    this.keys = items.map((item) => this.textOf(item)!);
  }
}

/** Values numbered in the order first met, so that they can be kept and counted in typed arrays. */
class Dictionary<T> {
  readonly values: T[] = [];
  private readonly ids = new Map<T, number>();

  /** The value's id, numbered now if it is new. */
  idOf(value: T): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }

  /** The value's id, if it was ever met. */
  find(value: T): number | undefined {
    return this.ids.get(value);
  }
}

/** A (category, brand) bucket's key: categories are codes below 256. */
function bucketOf(brand: number, category: number): number {
  return brand * 256 + category;
}

/** FNV-1a over the UTF-16 code units. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

function push<K>(map: Map<K, number[]>, key: K, slot: number): void {
  const list = map.get(key);
  if (list) list.push(slot);
  else map.set(key, [slot]);
}

/** Visible products with what the index holds of them; products no longer visible are not returned. */
function readProducts(db: Db, where: SQL, tail: SQL): Promise<ProductRow[]> {
  return queryRows<ProductRow>(
    db,
    sql`select p.id, p.category, p.brand, p.ram_gb, p.storage_gb, p.lowest_price, p.views, p.units_sold,
          (extract(epoch from p.created_at) * 1000000)::bigint::text as created, p.name, lower(p.name) as lower_name,
          p.search::text as search,
          (select array_agg(distinct s.slug) from listings l join ${openStoresSql} s on s.id = l.store_id
           where l.product_id = p.id) as stores
        from products p where p.visible and ${where} ${tail}`,
  );
}

/** eachTriple over `text`, `perSlice` triples at a time, yielding to the event loop between slices. */
export async function eachTripleYielding(
  text: string,
  perSlice: number,
  visit: (a: number, b: number, c: number) => void,
): Promise<void> {
  for (let at = eachTriple(text, visit, 0, perSlice); at < text.length; at = eachTriple(text, visit, at, perSlice)) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Calls `visit` with each `a,b,c` of `text` (`a,b,c;a,b,c;…`, non-negative integers) from `from`, at most `limit` of
 * them. Answers where the next one starts (`text.length` or past it when none is left).
 */
export function eachTriple(
  text: string,
  visit: (a: number, b: number, c: number) => void,
  from = 0,
  limit = Infinity,
): number {
  const values = [0, 0, 0];
  let k = 0;
  let n = 0;
  let read = 0;
  for (let i = from; i <= text.length; i++) {
    const ch = i < text.length ? text.charCodeAt(i) : 59;
    if (ch >= 48 && ch <= 57) {
      n = n * 10 + (ch - 48);
    } else {
      values[k++] = n;
      n = 0;
      if (ch === 59) {
        if (k === 3) visit(values[0]!, values[1]!, values[2]!);
        k = 0;
        if (++read === limit) return i + 1;
      }
    }
  }
  return text.length;
}
