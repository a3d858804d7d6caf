/**
 * PostgreSQL's full-text matching (`tsvector @@ tsquery`) and `ts_rank(tsvector, tsquery)` with the default weights
 * and normalization 0, reproduced bit for bit (src/backend/utils/adt/tsrank.c), so the in-memory search index ranks
 * products exactly as the database does. Documents and queries arrive as PostgreSQL's text output.
 */

/** One lexeme of a document: its positions (1..16383) and each position's weight (0 = D, 1 = C, 2 = B, 3 = A), in the order PostgreSQL stores them (ascending position). */
export interface LexemeEntry {
  positions: number[] | Uint16Array;
  weights: number[] | Uint8Array;
}

export type TsQuery = { lexeme: string } | { and: TsQuery[] } | { or: TsQuery[] };

/**
 * One lexeme's positions in a document as ts_rank reads them: `data[from]` up to `data[to]` (not included), each as
 * PostgreSQL stores a WordEntryPos, position << 2 | weight, in ascending position; from === to for a lexeme stored
 * without positions. The search index hands out its own packed documents this way, without copying them.
 */
export interface Positions {
  data: Int32Array;
  from: number;
  to: number;
}

/** A lexeme entry packed for ranking. */
export function packPositions({ positions, weights }: LexemeEntry): Positions {
  const data = Int32Array.from(positions, (position, i) => (position << 2) | weights[i]!);
  return { data, from: 0, to: data.length };
}

/** A query with what ranking needs worked out once; tsRank and matchesQuery take it in place of the TsQuery. */
export class PreparedQuery {
  /** The unique lexemes in SortAndUniqItems order: ranks sum in this order, so it decides the float result. */
  readonly lexemes: readonly string[];
  /** calc_rank: calc_rank_and when the root is an AND, else calc_rank_or. */
  readonly rootIsAnd: boolean;
  /** calc_rank_and's pos[]: each lexeme's positions during one call. */
  readonly found: (Positions | undefined)[];

  constructor(readonly query: TsQuery | null) {
    this.lexemes = query ? queryLexemes(query) : [];
    this.rootIsAnd = query !== null && 'and' in query;
    this.found = this.lexemes.map(() => undefined);
  }
}

/** tsrank.c's weights[] for D, C, B, A, as the floats they are. */
const WEIGHTS = Float32Array.of(0.1, 0.2, 0.4, 1.0);
const MAXENTRYPOS = 1 << 14;
/** calc_rank_and's stand-in for a lexeme without positions: one D at the last position. */
const POSNULL_AND: Positions = packPositions({ positions: [MAXENTRYPOS - 1], weights: [0] });
/** calc_rank_or's stand-in: one D (its position is not used). */
const POSNULL_OR: Positions = packPositions({ positions: [0], weights: [0] });
/** calc_rank's floor for a negative rank: an AND query none of whose lexeme pairs scored. */
const NO_PAIR_RANK = Math.fround(1e-20);
/** word_distance beyond 100 positions. */
const FAR = Math.fround(1e-30);
/** word_distance(1..100): float4 of 1 / (1.005 + 0.05 * exp(d / 1.5 - 2)), computed in double. */
const WORD_DISTANCE = Float32Array.from({ length: 101 }, (_, d) => 1 / (1.005 + 0.05 * Math.exp(d / 1.5 - 2)));
/** Distances calc_rank_and tells apart: 1..100, and beyond (FAR). */
const DISTANCES = 102;
/**
 * calc_rank_and's score of one pair of positions, by the two weights' codes and the distance (DISTANCES - 1: beyond
 * 100): float * float * float, then the double sqrt stored into a float. A pair is one read instead of the sums.
 */
const PAIR_SCORE = Float64Array.from({ length: 4 * 4 * DISTANCES }, (_, i) => {
  const pair = Math.floor(i / DISTANCES);
  const d = i % DISTANCES;
  const weights = Math.fround(WEIGHTS[pair >> 2]! * WEIGHTS[pair & 3]!);
  return Math.fround(Math.sqrt(Math.fround(weights * (d > 100 ? FAR : WORD_DISTANCE[d]!))));
});

const prepared = new WeakMap<TsQuery, PreparedQuery>();

/** Prepares a query once; a TsQuery passed directly to tsRank or matchesQuery is prepared once too (cached). */
export function prepareQuery(query: TsQuery | null): PreparedQuery {
  if (query === null) return new PreparedQuery(null);
  let p = prepared.get(query);
  if (!p) {
    p = new PreparedQuery(query);
    prepared.set(query, p);
  }
  return p;
}

/** tsvector @@ tsquery; an empty query (null) matches nothing, as in PostgreSQL. */
export function matchesQuery(query: TsQuery | PreparedQuery | null, has: (lexeme: string) => boolean): boolean {
  const root = query instanceof PreparedQuery ? query.query : query;
  return root !== null && evaluate(root, has);
}

function evaluate(node: TsQuery, has: (lexeme: string) => boolean): boolean {
  if ('lexeme' in node) return has(node.lexeme);
  if ('and' in node) {
    for (let i = 0; i < node.and.length; i++) if (!evaluate(node.and[i]!, has)) return false;
    return true;
  }
  for (let i = 0; i < node.or.length; i++) if (evaluate(node.or[i]!, has)) return true;
  return false;
}

/**
 * ts_rank(tsvector, tsquery) as the float4 PostgreSQL returns (calc_rank). Every documented quirk is kept: the rank
 * is computed whether or not the document matches, an AND root pairs every two distinct query lexemes (alternative
 * spellings included) and ignores the rest of the tree, and an OR root divides by the number of distinct lexemes,
 * present or not. PostgreSQL gives 0 for an empty document; pass documentIsEmpty to get that (an AND query would
 * otherwise get calc_rank's 1e-20 for "no pairs").
 */
export function tsRank(query: TsQuery | PreparedQuery | null, entry: LexemeLookup, documentIsEmpty = false): number {
  const q = query instanceof PreparedQuery ? query : prepareQuery(query);
  if (documentIsEmpty || q.lexemes.length === 0) return 0;
  const res = q.rootIsAnd && q.lexemes.length >= 2 ? rankAnd(q, entry) : rankOr(q, entry);
  return res < 0 ? NO_PAIR_RANK : res;
}

/**
 * A document's positions of a query lexeme, given as the lexeme and as its place in PreparedQuery.lexemes (so that a
 * caller can keep what it needs per lexeme in an array). What it answers is read before the next call for the same
 * place, so one object per place can be filled again for each document.
 */
export type LexemeLookup = (lexeme: string, index: number) => Positions | undefined;

/** calc_rank_and: every pair of positions of two different lexemes, each scored by their weights and distance. */
function rankAnd(q: PreparedQuery, entry: LexemeLookup): number {
  const found = q.found;
  let res = -1;
  for (let i = 0; i < q.lexemes.length; i++) {
    const e = entry(q.lexemes[i]!, i);
    const ei = e === undefined ? undefined : e.from === e.to ? POSNULL_AND : e;
    found[i] = ei;
    if (ei === undefined) continue;
    const di = ei.data;
    for (let k = 0; k < i; k++) {
      const ek = found[k];
      if (ek === undefined) continue;
      const dk = ek.data;
      for (let l = ei.from; l < ei.to; l++) {
        const row = (di[l]! & 3) * 4;
        const position = di[l]! >> 2;
        for (let p = ek.from; p < ek.to; p++) {
          let dist = Math.abs(position - (dk[p]! >> 2));
          if (dist === 0) {
            // Two lexemes at one position do not count, unless one of them has no positions at all.
            if (ei !== POSNULL_AND && ek !== POSNULL_AND) continue;
            dist = DISTANCES - 1;
          } else if (dist > 100) dist = DISTANCES - 1;
          const curw = PAIR_SCORE[(row + (dk[p]! & 3)) * DISTANCES + dist]!;
          res = res < 0 ? curw : Math.fround(1 - (1 - res) * (1 - curw));
        }
      }
    }
  }
  found.fill(undefined);
  return res;
}

/** calc_rank_or: each present lexeme's weights summed as w1 + w2/4 + w3/9 ... (the largest weight counted first). */
function rankOr(q: PreparedQuery, entry: LexemeLookup): number {
  let res = 0;
  for (let i = 0; i < q.lexemes.length; i++) {
    const e = entry(q.lexemes[i]!, i);
    if (e === undefined) continue;
    res = Math.fround(res + orWeight(e) / 1.64493406685);
  }
  return Math.fround(res / q.lexemes.length);
}

/**
 * One present lexeme's part of calc_rank_or before its division by pi^2/6, as the float it is: its weights summed as
 * w1 + w2/4 + w3/9 ..., with the largest counted whole.
 */
export function orWeight(positions: Positions): number {
  const { data, from, to } = positions.from === positions.to ? POSNULL_OR : positions;
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < to - from; j++) {
    const w = WEIGHTS[data[from + j]! & 3]!;
    resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  // The bracket is float arithmetic; the division by pi^2/6 and the sum are double, stored into a float.
  return Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1))));
}

/**
 * The highest rank calc_rank_or can give a document whose every lexeme's orWeight is at most `most(i)` (for the
 * query's i-th lexeme; 0 for one no document has): the same sums over those weights, every lexeme counted. Each step
 * of the sum only grows with its inputs, so no such document ranks higher, and one holding every lexeme at its most
 * ranks exactly this. Null for a query ranked by calc_rank_and, which has no such bound.
 */
export function orRankBound(query: PreparedQuery, most: (index: number) => number): number | null {
  if (query.lexemes.length === 0) return 0;
  if (query.rootIsAnd && query.lexemes.length >= 2) return null;
  let res = 0;
  for (let i = 0; i < query.lexemes.length; i++) res = Math.fround(res + most(i) / 1.64493406685);
  return Math.fround(res / query.lexemes.length);
}

/**
 * tsquery's && and || (tsquery_op.c tsquery_and / tsquery_or): an empty query (null) gives the other side, else a
 * node of the operator over both, a chain of one operator kept as one node as parseTsquery keeps it.
 */
export function joinTsqueries(operator: 'and' | 'or', a: TsQuery | null, b: TsQuery | null): TsQuery | null {
  if (a === null) return b;
  if (b === null) return a;
  const operands = (q: TsQuery): TsQuery[] =>
    operator === 'and' && 'and' in q ? q.and : operator === 'or' && 'or' in q ? q.or : [q];
  const children = [...operands(a), ...operands(b)];
  return operator === 'and' ? { and: children } : { or: children };
}

/** The query's unique lexemes, sorted as SortAndUniqItems sorts them. */
export function queryLexemes(query: TsQuery): string[] {
  const all: string[] = [];
  collectLexemes(query, all);
  all.sort(compareLexemes);
  return all.filter((lexeme, i) => i === 0 || lexeme !== all[i - 1]);
}

function collectLexemes(node: TsQuery, into: string[]): void {
  if ('lexeme' in node) into.push(node.lexeme);
  else for (const child of 'and' in node ? node.and : node.or) collectLexemes(child, into);
}

/**
 * tsCompareString: memcmp of the UTF-8 bytes, then the shorter first, which is code point order. UTF-16 code
 * units follow it except that U+E000..U+FFFF sort after surrogates; move them before.
 */
export function compareLexemes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

const WEIGHT_LETTERS = ['D', 'C', 'B', 'A'] as const;

/** The lexemes of a tsvector's text output (tsvectorout), e.g. `'dell':1A,16B 'g15':2A 'refurbished'`. */
export function parseTsvector(text: string): Map<string, LexemeEntry> {
  const lexemes = new Map<string, LexemeEntry>();
  const cursor = { text, at: 0 };
  for (;;) {
    skipSpaces(cursor);
    if (cursor.at >= text.length) return lexemes;
    const lexeme = readQuoted(cursor);
    const positions: number[] = [];
    const weights: number[] = [];
    if (text[cursor.at] === ':') {
      do {
        cursor.at++;
        const start = cursor.at;
        while (text[cursor.at]! >= '0' && text[cursor.at]! <= '9') cursor.at++;
        if (cursor.at === start) throw new Error(`tsvector: position expected at ${start} in ${JSON.stringify(text)}`);
        positions.push(Number(text.slice(start, cursor.at)));
        const weight = WEIGHT_LETTERS.findIndex((letter) => letter === text[cursor.at]);
        weights.push(Math.max(weight, 0));
        if (weight >= 0) cursor.at++;
      } while (text[cursor.at] === ',');
    }
    lexemes.set(lexeme, { positions: Uint16Array.from(positions), weights: Uint8Array.from(weights) });
  }
}

/** tsvectorout's text for the lexemes, in the order given. */
export function formatTsvector(lexemes: Map<string, LexemeEntry>): string {
  const parts: string[] = [];
  for (const [lexeme, { positions, weights }] of lexemes) {
    const at = Array.from(positions, (p, i) => `${p}${weights[i] ? WEIGHT_LETTERS[weights[i]!] : ''}`);
    parts.push(at.length ? `${quote(lexeme)}:${at.join(',')}` : quote(lexeme));
  }
  return parts.join(' ');
}

/**
 * A tsquery's text output (tsqueryout), e.g. `( 'galaxi' | 'galaxy' ) & 's24'`, as a tree; chains of one operator
 * become one node. '' (a query of stop words only) is null. Only & and | are supported.
 */
export function parseTsquery(text: string): TsQuery | null {
  const cursor = { text, at: 0 };
  skipSpaces(cursor);
  if (cursor.at >= text.length) return null;
  const query = parseOr(cursor);
  skipSpaces(cursor);
  if (cursor.at < text.length) unsupported(cursor);
  return query;
}

/** tsqueryout's text for the tree: an OR inside an AND is bracketed, nothing else. */
export function formatTsquery(query: TsQuery | null, insideAnd = false): string {
  if (query === null) return '';
  if ('lexeme' in query) return quote(query.lexeme);
  if ('and' in query) return query.and.map((child) => formatTsquery(child, true)).join(' & ');
  const or = query.or.map((child) => formatTsquery(child)).join(' | ');
  return insideAnd ? `( ${or} )` : or;
}

interface Cursor {
  text: string;
  at: number;
}

/** Operands joined by one operator, each read by `operand`: | binds looser than &. */
function parseChain(cursor: Cursor, operator: 'and' | 'or', operand: (cursor: Cursor) => TsQuery): TsQuery {
  let query = operand(cursor);
  while (skipSpaces(cursor) === (operator === 'or' ? '|' : '&')) {
    cursor.at++;
    query = joinTsqueries(operator, query, operand(cursor))!;
  }
  return query;
}

function parseOr(cursor: Cursor): TsQuery {
  return parseChain(cursor, 'or', parseAnd);
}

function parseAnd(cursor: Cursor): TsQuery {
  return parseChain(cursor, 'and', parseOperand);
}

function parseOperand(cursor: Cursor): TsQuery {
  const c = skipSpaces(cursor);
  if (c === '(') {
    cursor.at++;
    const inner = parseOr(cursor);
    if (skipSpaces(cursor) !== ')') unsupported(cursor);
    cursor.at++;
    return inner;
  }
  if (c !== "'") unsupported(cursor);
  const lexeme = readQuoted(cursor);
  if (cursor.text[cursor.at] === ':') unsupported(cursor);
  return { lexeme };
}

function unsupported(cursor: Cursor): never {
  const c = cursor.text[cursor.at];
  const what =
    c === '!'
      ? 'NOT (!)'
      : c === '<'
        ? 'phrase operators (<->)'
        : c === ':'
          ? 'prefix (:*) and weight (:A) labels'
          : c === undefined
            ? 'a truncated query'
            : `${JSON.stringify(c)}`;
  throw new Error(`tsquery: unsupported ${what} at ${cursor.at} in ${JSON.stringify(cursor.text)}`);
}

/** Skips spaces; returns the character then under the cursor. */
function skipSpaces(cursor: Cursor): string | undefined {
  while (cursor.text[cursor.at] === ' ') cursor.at++;
  return cursor.text[cursor.at];
}

/** A quoted lexeme: '' is a quote and a backslash escapes the next character (both outputs write '' and \\). */
function readQuoted(cursor: Cursor): string {
  const { text } = cursor;
  if (text[cursor.at] !== "'") throw new Error(`quoted lexeme expected at ${cursor.at} in ${JSON.stringify(text)}`);
  let out = '';
  let at = cursor.at + 1;
  for (;;) {
    const c = text[at];
    if (c === undefined) throw new Error(`unterminated lexeme in ${JSON.stringify(text)}`);
    if (c === '\\' && at + 1 < text.length) {
      out += text[at + 1];
      at += 2;
    } else if (c === "'") {
      if (text[at + 1] !== "'") break;
      out += "'";
      at += 2;
    } else {
      out += c;
      at++;
    }
  }
  cursor.at = at + 1;
  return out;
}

function quote(lexeme: string): string {
  return `'${lexeme.replace(/['\\]/g, (c) => c + c)}'`;
}
