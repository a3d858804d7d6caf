import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatTsquery,
  formatTsvector,
  matchesQuery,
  orRankBound,
  orWeight,
  packPositions,
  parseTsquery,
  parseTsvector,
  prepareQuery,
  queryLexemes,
  tsRank,
  type LexemeEntry,
  type TsQuery,
} from './text-search';

/** A tsvector or tsquery as an SQL expression over $2, $3, ... ($1 is the row's id). */
interface SqlValue {
  sql: string;
  params: string[];
}

/** What PostgreSQL said for one (document, query) pair. */
interface Pair {
  doc: number;
  query: number;
  matches: boolean;
  rank: number;
}

interface Compared {
  docs: string[];
  queries: string[];
  pairs: Pair[];
  mismatches: string[];
}

/** The document as the products table's generated column builds it (schema.ts `search`). */
const PRODUCT_VECTOR = `setweight(to_tsvector('simple', $2 || ' ' || $3), 'A') || setweight(to_tsvector('simple', $4), 'B') || setweight(to_tsvector('english', $5), 'C')`;

function product(name: string, aliases: string, brand: string, description: string): SqlValue {
  return { sql: PRODUCT_VECTOR, params: [name, aliases, brand, description] };
}

/** The query search.ts builds: per word, any spelling in either configuration; the words ANDed. */
function wordsQuery(groups: string[][]): SqlValue {
  const params: string[] = [];
  const sqlGroups = groups.map((spellings) => {
    const parts = spellings.flatMap((spelling) => {
      params.push(spelling);
      const n = params.length + 1;
      return [`plainto_tsquery('simple', $${n})`, `plainto_tsquery('english', $${n})`];
    });
    return `(${parts.join(' || ')})`;
  });
  return { sql: sqlGroups.join(' && '), params };
}

function literal(text: string, type: 'tsvector' | 'tsquery'): SqlValue {
  return { sql: `$2::${type}`, params: [text] };
}

/** mulberry32: the same documents and queries on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LAPTOPS: [string, string[]][] = [
  ['Dell', ['G15 5530', 'XPS 13 9340', 'Inspiron 15 3520', 'Alienware m16 R2']],
  ['HP', ['Victus 15-fa1093dx', 'Pavilion 14', 'Omen 16']],
  ['Lenovo', ['ThinkPad X1 Carbon Gen 11', 'IdeaPad Slim 5', 'Legion Pro 5 16IRX9']],
  ['Asus', ['ROG Strix G16 G614JV', 'TUF Gaming A15', 'Zenbook 14 OLED']],
  ['Acer', ['Nitro 5 AN515-58', 'Aspire 7']],
  ['MSI', ['Katana 15 B13V', 'Cyborg 15']],
  ['Apple', ['MacBook Air M2', 'MacBook Pro 14 M3']],
];
const PHONES: [string, string[]][] = [
  ['Samsung', ['Galaxy S24 Ultra', 'Galaxy A55 5G', 'Galaxy Z Flip5']],
  ['Apple', ['iPhone 15 Pro Max', 'iPhone 15']],
  ['Google', ['Pixel 8 Pro', 'Pixel 8a']],
  ['Xiaomi', ['Redmi Note 13 Pro+', 'Poco X6']],
  ['OnePlus', ['12R', 'Nord CE4']],
];
const LAPTOP_CPUS = ['Core i7-14650HX', 'Core i5-13420H', 'Ryzen 7 7840HS', 'Core Ultra 7 155H', 'Apple M2'];
const PHONE_CPUS = ['Snapdragon 8 Gen 3', 'Exynos 2400', 'A17 Pro', 'Tensor G3', 'Dimensity 7200'];
const GPUS = ['RTX 4060', 'RTX 4050', 'RTX 3050'];
const SENTENCES = [
  'The {brand} {model} is a gaming laptop built for gamers who want fast gaming performance.',
  'Its display is bright and the battery lasts all day, so the battery never lets you down.',
  'Powered by the {cpu} processor with {ram} of memory and {storage} of storage.',
  'Great for students, for work and for play; the keyboard is comfortable and the speakers are loud.',
  'Cameras take sharp photos and the camera app records 4K video at 60 frames per second.',
  'This phone has a large battery, fast charging and a 120Hz display for smooth scrolling.',
  'Graphics by NVIDIA GeForce {gpu} make games run smoothly, and running games is what it does best.',
  'Running, gaming, streaming: this {model} runs everything you throw at it.',
  'Refurbished units are tested, certified and shipped with a one-year warranty.',
  "O'Neil's pick: a well-built alienware-inspired machine with a back-lit keyboard.",
  'Galaxy AI features translate calls and summarise notes on the galaxies of apps you use.',
  'Laptops like this notebook are thin and light; the notebook weighs 1.4 kg.',
];

/** Letters and digits split apart, as shoppers type model numbers: "G15" → "g 15". */
function spaced(text: string): string {
  return text
    .toLowerCase()
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2');
}

function productDocuments(count: number, next: () => number): SqlValue[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const docs: SqlValue[] = [];
  for (let i = 0; i < count; i++) {
    const phone = next() < 0.4;
    const [brand, models] = pick(phone ? PHONES : LAPTOPS);
    const model = pick(models);
    const cpu = pick(phone ? PHONE_CPUS : LAPTOP_CPUS);
    const ram = pick(['8GB', '16GB', '32GB']);
    const storage = pick(['256GB', '512GB', '1TB']);
    const gpu = phone ? '' : pick(['', ...GPUS]);
    const name = [brand, model, cpu, ram, storage, gpu].filter(Boolean).join(' ');
    const aliases = next() < 0.7 ? `${spaced(model)} ${spaced(cpu.split(' ').pop()!)}` : '';
    const sentences = Array.from({ length: 1 + Math.floor(next() * 12) }, () =>
      pick(SENTENCES)
        .replace('{brand}', brand)
        .replace('{model}', model)
        .replace('{cpu}', cpu)
        .replace('{ram}', ram)
        .replace('{storage}', storage)
        .replace('{gpu}', gpu || 'RTX 3050'),
    );
    docs.push(product(name, aliases, next() < 0.9 ? brand : '', sentences.join(' ')));
  }
  return docs;
}

/** Shoppers' words, each with the spellings a search may try for it. */
const WORDS = [
  ['galaxy', 'galaxies', 'galaxi'],
  ['laptop', 'laptops', 'notebook'],
  ['gaming', 'game', 'games'],
  ['rtx 4060', 'rtx4060', '4060'],
  ['i7', 'i 7', 'core i7'],
  ['g15', 'g 15'],
  ['dell'],
  ['samsung'],
  ['thinkpad', 'think pad'],
  ['battery', 'batteries'],
  ['the'],
  ['for'],
  ['with', 'and'],
  ['16gb', '16 gb'],
  ['512gb'],
  ['phone', 'phones', 'smartphone'],
  ['unicornphone', 'unicorn'],
  ['pixel', 'pixels'],
  ['display', 'screen'],
  ['running', 'runs', 'run'],
  ['+', '&'],
  ["o'neil", 'oneil'],
  ['14650hx', 'i7-14650hx'],
  ['pro', 'pro max'],
  ['m2', 'apple m2'],
  ['refurbished'],
];

function searchQueries(count: number, next: () => number): SqlValue[] {
  const queries: SqlValue[] = [];
  for (let i = 0; i < count; i++) {
    const words = [...WORDS].sort(() => next() - 0.5).slice(0, 1 + Math.floor(next() * 3));
    const groups = words.map((spellings) =>
      [...spellings].sort(() => next() - 0.5).slice(0, 1 + Math.floor(next() * spellings.length)),
    );
    queries.push(wordsQuery(groups));
  }
  return queries;
}

/** A parsed document's lexemes, packed, as the index's callback would answer. */
function lookup(doc: Map<string, LexemeEntry>) {
  const packed = new Map([...doc].map(([lexeme, entry]) => [lexeme, packPositions(entry)]));
  return (lexeme: string) => packed.get(lexeme);
}

describe('text-search against PostgreSQL', () => {
  let pg: PGlite;

  beforeAll(async () => {
    pg = new PGlite();
    // `@@` with an empty query raises a NOTICE per row.
    await pg.exec(`set client_min_messages = warning;
      create temp table doc (id int primary key, v tsvector not null);
      create temp table query (id int primary key, q tsquery not null);`);
  });

  afterAll(async () => {
    await pg.close();
  });

  /** Has PostgreSQL match and rank every document against every query, and checks ours against it. */
  async function compare(docs: SqlValue[], queries: SqlValue[]): Promise<Compared> {
    await pg.exec('truncate doc; truncate query');
    for (const [i, d] of docs.entries()) await pg.query(`insert into doc values ($1, ${d.sql})`, [i, ...d.params]);
    for (const [i, q] of queries.entries()) await pg.query(`insert into query values ($1, ${q.sql})`, [i, ...q.params]);
    const docTexts = (await pg.query<{ t: string }>('select v::text as t from doc order by id')).rows.map((r) => r.t);
    const queryTexts = (await pg.query<{ t: string }>('select q::text as t from query order by id')).rows.map(
      (r) => r.t,
    );
    const { rows } = await pg.query<{ d: number; q: number; m: boolean; r: number }>(
      'select doc.id as d, query.id as q, doc.v @@ query.q as m, ts_rank(doc.v, query.q) as r from doc cross join query',
    );
    const parsedDocs = docTexts.map((t) => parseTsvector(t));
    const parsedQueries = queryTexts.map((t) => prepareQuery(parseTsquery(t)));
    const mismatches: string[] = [];
    for (const [i, t] of docTexts.entries()) {
      if (formatTsvector(parsedDocs[i]!) !== t)
        mismatches.push(`tsvector ${t} prints ${formatTsvector(parsedDocs[i]!)}`);
    }
    for (const [i, t] of queryTexts.entries()) {
      const printed = formatTsquery(parsedQueries[i]!.query);
      if (printed !== t) mismatches.push(`tsquery ${t} prints ${printed}`);
    }
    const pairs = rows.map((row) => ({ doc: row.d, query: row.q, matches: row.m, rank: row.r }));
    for (const pair of pairs) {
      const doc = parsedDocs[pair.doc]!;
      const query = parsedQueries[pair.query]!;
      const matches = matchesQuery(query, (lexeme) => doc.has(lexeme));
      const rank = tsRank(query, lookup(doc), doc.size === 0);
      // PGlite reads the real's shortest decimal; fround recovers the exact float4.
      if (matches !== pair.matches || rank !== Math.fround(pair.rank)) {
        mismatches.push(
          `${docTexts[pair.doc]} / ${queryTexts[pair.query]}: PostgreSQL ${pair.matches} ${pair.rank}, ours ${matches} ${rank}`,
        );
      }
    }
    return { docs: docTexts, queries: queryTexts, pairs, mismatches: mismatches.slice(0, 20) };
  }

  it('matches and ranks every product document against every search query exactly', async () => {
    const next = random(20240611);
    const longDescription = Array.from({ length: 1_400 }, (_, i) => SENTENCES[i % SENTENCES.length]).join(' ');
    const docs = [
      ...productDocuments(300, next),
      // Beyond position 16383 every word sits at 16383: distinct lexemes at one position.
      product('Dell G15 5530 Core i7-14650HX 8GB 512GB', 'g 15 i 7', 'Dell', longDescription),
      // More than 255 occurrences: to_tsvector keeps the first 255 positions.
      product('Asus TUF Gaming A15', 'tuf a 15', 'Asus', 'gaming '.repeat(300) + 'laptop'),
      // Lexemes without positions, alone and next to ones with positions.
      {
        sql: `(${PRODUCT_VECTOR}) || 'refurbished dell galaxy notebook'::tsvector`,
        params: ['Samsung Galaxy S24 Ultra', 's 24 u', 'Samsung', 'A refurbished galaxy phone.'],
      },
      { sql: `strip(${PRODUCT_VECTOR})`, params: ['Dell G15 5530', 'g 15', 'Dell', 'Gaming laptop for gaming.'] },
      product('+', '&', '', '-- the --'),
    ];
    const queries = [
      ...searchQueries(200, next),
      wordsQuery([['galaxy', 'galaxi']]),
      wordsQuery([['dell'], ['g15']]),
      wordsQuery([['dell']]),
      wordsQuery([['+']]),
      wordsQuery([['gaming'], ['laptop', 'notebook'], ['refurbished']]),
    ];
    const result = await compare(docs, queries);

    expect(result.mismatches).toEqual([]);
    expect(result.pairs).toHaveLength(docs.length * queries.length);
    // A constant or merely monotone answer would not pass: the ranks spread widely and some documents fail.
    const matched = result.pairs.filter((p) => p.matches);
    expect(matched.length).toBeGreaterThan(1000);
    expect(matched.length).toBeLessThan(result.pairs.length / 2);
    expect(new Set(matched.map((p) => p.rank)).size).toBeGreaterThan(200);
    // Every path of calc_rank is exercised.
    const parsed = result.queries.map(parseTsquery);
    expect(parsed.some((q) => q !== null && 'or' in q)).toBe(true);
    expect(parsed.some((q) => q !== null && 'and' in q && queryLexemes(q).length >= 3)).toBe(true);
    expect(parsed.some((q) => q !== null && 'lexeme' in q)).toBe(true);
    expect(parsed.some((q) => q === null)).toBe(true);
    const entries = result.docs.flatMap((t) => [...parseTsvector(t).values()]);
    expect(entries.some((e) => e.positions.length === 0)).toBe(true);
    expect(entries.some((e) => e.positions.length >= 255)).toBe(true);
    expect(entries.filter((e) => Array.from(e.positions).includes(16383)).length).toBeGreaterThan(2);
    expect(result.docs.some((t) => t === '')).toBe(true);
  }, 120_000);

  it('matches and ranks random documents against random and/or trees exactly', async () => {
    const next = random(7);
    const alphabet = ['a', 'b', 'c', 'd', 'e', 'f', "it's", 'back\\slash'];
    const docs = Array.from({ length: 150 }, () => {
      const span = next() < 0.5 ? 12 : 150;
      const doc = new Map<string, LexemeEntry>();
      for (const lexeme of alphabet) {
        if (next() < 0.35) continue;
        const count = next() < 0.1 ? 0 : 1 + Math.floor(next() * 6);
        const positions = [...new Set(Array.from({ length: count }, () => 1 + Math.floor(next() * span)))];
        positions.sort((a, b) => a - b);
        doc.set(lexeme, { positions, weights: positions.map(() => Math.floor(next() * 4)) });
      }
      return literal(formatTsvector(doc), 'tsvector');
    });
    const tree = (depth: number): TsQuery => {
      if (depth === 0 || next() < 0.3) return { lexeme: alphabet[Math.floor(next() * alphabet.length)]! };
      const children = Array.from({ length: 2 + Math.floor(next() * 2) }, () => tree(depth - 1));
      return next() < 0.5 ? { and: children } : { or: children };
    };
    const queries = Array.from({ length: 150 }, () => literal(formatTsquery(tree(3)), 'tsquery'));
    const result = await compare(docs, queries);

    expect(result.mismatches).toEqual([]);
    expect(result.pairs).toHaveLength(150 * 150);
    expect(new Set(result.pairs.map((p) => p.rank)).size).toBeGreaterThan(1000);
  }, 120_000);

  it('weighs every distance between two words as word_distance does', async () => {
    const docs = [];
    for (let d = 1; d <= 110; d++) {
      for (const weight of ['A', 'B', 'C', ''])
        docs.push(literal(`'x':1A,${d + 60}C 'y':${d + 1}${weight}`, 'tsvector'));
    }
    const result = await compare(docs, [literal("'x' & 'y'", 'tsquery'), literal("'y' & 'x' & 'z'", 'tsquery')]);

    expect(result.mismatches).toEqual([]);
    expect(new Set(result.pairs.map((p) => p.rank)).size).toBeGreaterThan(300);
  }, 60_000);

  const targeted: { name: string; doc: SqlValue; query: SqlValue; root: 'and' | 'or' | 'lexeme' | null }[] = [
    {
      name: 'an OR at the root (calc_rank_or), dividing by the absent spelling too',
      doc: product('Samsung Galaxy S24 Ultra', 's 24 u', 'Samsung', 'Galaxy AI on a galaxy of apps.'),
      query: wordsQuery([['galaxy', 'galaxies', 'unicorn']]),
      root: 'or',
    },
    {
      name: 'an AND of distinct lexemes at several distances (calc_rank_and)',
      doc: product('Dell G15 5530 Core i7-14650HX 8GB 512GB', 'g 15 i 7', 'Dell', 'The Dell G15 is a Dell for gaming.'),
      query: wordsQuery([['dell'], ['g15', 'g 15'], ['i7']]),
      root: 'and',
    },
    {
      name: 'two spellings of one word at the same position, as two configurations would index it',
      doc: literal("'galaxi':3C 'galaxy':3A,9C 's24':4A", 'tsvector'),
      query: wordsQuery([['galaxy'], ['s24']]),
      root: 'and',
    },
    {
      name: 'a single lexeme',
      doc: product('Dell XPS 13 9340', 'xps 13', 'Dell', 'Dell makes the XPS.'),
      query: literal("'dell'", 'tsquery'),
      root: 'lexeme',
    },
    {
      name: "one word in both configurations ('dell' | 'dell': one unique lexeme)",
      doc: product('Dell XPS 13 9340', 'xps 13', 'Dell', 'Dell makes the XPS.'),
      query: wordsQuery([['dell']]),
      root: 'or',
    },
    {
      name: 'an AND of which only some lexemes are present (no pair: 1e-20)',
      doc: product('Dell XPS 13 9340', 'xps 13', 'Dell', 'Dell makes the XPS.'),
      query: wordsQuery([['dell'], ['unicornphone']]),
      root: 'and',
    },
    {
      name: 'a lexeme without positions next to one with',
      doc: { sql: `(${PRODUCT_VECTOR}) || 'refurbished'::tsvector`, params: ['Dell G15', 'g 15', 'Dell', 'Gaming.'] },
      query: wordsQuery([['refurbished'], ['dell']]),
      root: 'and',
    },
    {
      name: 'two lexemes without positions',
      doc: literal("'dell' 'refurbished' 'g15':2A", 'tsvector'),
      query: wordsQuery([['refurbished'], ['dell']]),
      root: 'and',
    },
    {
      name: 'a lexeme with many positions',
      doc: product('Asus TUF Gaming A15', 'tuf a 15', 'Asus', 'gaming laptop '.repeat(200)),
      query: wordsQuery([['gaming'], ['laptop', 'laptops']]),
      root: 'and',
    },
    {
      name: 'an empty document',
      doc: product('+', '&', '', 'the'),
      query: wordsQuery([['dell'], ['g15']]),
      root: 'and',
    },
    {
      name: 'a query of punctuation only (an empty tsquery)',
      doc: product('Dell G15', 'g 15', 'Dell', 'Gaming.'),
      query: wordsQuery([['+', '&']]),
      root: null,
    },
  ];

  it.each(targeted)('agrees on $name', async ({ doc, query, root }) => {
    const result = await compare([doc], [query]);

    expect(result.mismatches).toEqual([]);
    const parsed = parseTsquery(result.queries[0]!);
    expect(parsed === null ? null : 'lexeme' in parsed ? 'lexeme' : 'and' in parsed ? 'and' : 'or').toBe(root);
  });

  it('keeps the lexemes in SortAndUniqItems order: bytes, then length', () => {
    const query = parseTsquery("'b' & ( 'ab' | 'a' ) & 'b' & 'é' & 'z' & '\uffff' & '😀'")!;

    expect(queryLexemes(query)).toEqual(['a', 'ab', 'b', 'z', 'é', '\uffff', '😀']);
  });

  it('reads quotes and backslashes in lexemes', () => {
    const doc = parseTsvector("'it''s':1A,2 'back\\\\slash':3B 'bare'");

    expect([...doc.keys()]).toEqual(["it's", 'back\\slash', 'bare']);
    expect(doc.get("it's")).toEqual({ positions: Uint16Array.of(1, 2), weights: Uint8Array.of(3, 0) });
    expect(doc.get('bare')!.positions).toHaveLength(0);
    expect(parseTsvector('').size).toBe(0);
  });

  it.each(["!'a'", "'a' <-> 'b'", "'a' <2> 'b'", "'a':*", "'a':AB & 'b'", "( 'a' | 'b'", "'a' &"])(
    'rejects %s, which the index never gets',
    (text) => {
      expect(() => parseTsquery(text)).toThrow(/tsquery: unsupported/);
    },
  );
});

describe("the highest rank of an OR query's matches", () => {
  /** `count` random documents over the lexemes a to d, each with some of them at a few positions. */
  function documents(next: () => number, count: number): Map<string, LexemeEntry>[] {
    return Array.from({ length: count }, () => {
      const doc = new Map<string, LexemeEntry>();
      for (const lexeme of ['a', 'b', 'c', 'd']) {
        if (next() < 0.3) continue;
        const n = next() < 0.1 ? 0 : 1 + Math.floor(next() * 4);
        const positions = [...new Set(Array.from({ length: n }, () => 1 + Math.floor(next() * 40)))].sort(
          (x, y) => x - y,
        );
        doc.set(lexeme, { positions, weights: positions.map(() => Math.floor(next() * 4)) });
      }
      return doc;
    });
  }

  const queries = ["'a' & 'b'", "'a' & ( 'b' | 'c' ) & 'd'", "'a' | 'b' & 'c'", "'c'", "'a' | 'd'"].map((text) =>
    prepareQuery(parseTsquery(text)),
  );

  it("bounds an OR query's ranks by each lexeme's highest weight, reached by a document holding every lexeme at it", () => {
    const next = random(12);
    const docs = documents(next, 400);
    for (const query of queries) {
      const bound = orRankBound(query, (i) =>
        Math.max(
          0,
          ...docs.flatMap((doc) => {
            const entry = doc.get(query.lexemes[i]!);
            return entry ? [orWeight(packPositions(entry))] : [];
          }),
        ),
      );
      if (query.rootIsAnd && query.lexemes.length >= 2) {
        expect(bound).toBeNull();
        continue;
      }
      const ranks = docs.map((doc) => tsRank(query, lookup(doc)));
      expect(Math.max(...ranks)).toBeLessThanOrEqual(bound!);
      // A document made of each lexeme's heaviest entry ranks exactly the bound.
      const heaviest = new Map<string, LexemeEntry>();
      for (const lexeme of query.lexemes) {
        const entries = docs.flatMap((doc) => (doc.has(lexeme) ? [doc.get(lexeme)!] : []));
        const weight = (e: LexemeEntry) => orWeight(packPositions(e));
        heaviest.set(
          lexeme,
          entries.reduce((a, b) => (weight(b) > weight(a) ? b : a)),
        );
      }
      expect(tsRank(query, lookup(heaviest))).toBe(bound);
    }
  });
});
