import type { Category } from './catalog';
import { MAX_PRICE } from './money';

/**
 * What a shopper's words ask for beyond the words themselves: a budget ("under 50k"), memory ("16 gb ram",
 * "1 tb", "iPhone 15 256"), an order ("cheapest") and the words that do not narrow ("for students"). One code for
 * the catalogue search box and the assistant's question parser. Pure: text in, intent out. Money in paisa.
 */
export type SortIntent = 'relevance' | 'cheapest' | 'priciest' | 'bestRated' | 'mostPopular';

const UNITS = 'k|thousand|lakh|lac|lacs|lakhs|m|million';
/** An amount with an optional currency and unit; group 1 the digits, group 2 the unit. */
export const MONEY = String.raw`(?:rs\.?|pkr|₹)?\s*(\d+(?:[.,]\d+)*)\s*(${UNITS})?\b(?:\s*(?:rupees|rs|pkr))?`;
/** An amount that says it is money: "Rs 50,000", "50k", "1.5 lakh" (not a bare "15" or "2024"). */
const MARKED_MONEY = String.raw`(?:(?:\brs\.?|\bpkr|₹)\s*(\d+(?:[.,]\d+)*)\s*(k|thousand|lakh|lac|lacs|lakhs)?\b|\b(\d+(?:[.,]\d+)*)\s*(k|thousand|lakh|lac|lacs|lakhs)\b)(?:\s*(?:rupees|rs|pkr))?`;

const FACTORS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  lakh: 1e5,
  lac: 1e5,
  lacs: 1e5,
  lakhs: 1e5,
  m: 1e6,
  million: 1e6,
};

/** "150k", "Rs 80,000", "1,50,000", "1.5 lakh" → paisa. */
export function parseAmount(digits: string, unit: string | undefined): number | undefined {
  const hasThousandsCommas = /^\d{1,3}(,\d{2,3})+$/.test(digits);
  const value = Number(hasThousandsCommas ? digits.replace(/,/g, '') : digits.replace(/,/g, '.'));
  if (!Number.isFinite(value)) return undefined;
  const rupees = value * (unit ? (FACTORS[unit] ?? 1) : 1);
  // Nothing costs more than the price cap, so a bigger budget is the cap (and stays a 32-bit count of paisa).
  return Math.min(Math.round(rupees * 100), MAX_PRICE);
}

export interface Budget {
  /** Paisa. */
  minPrice?: number;
  /** Paisa. */
  maxPrice?: number;
  /** The text (lower-case) with the budget phrases taken out. */
  rest: string;
  /** The phrases taken out, as written ("under 50k"). */
  phrases: string[];
}

// No bare "max"/"min": "iPhone 15 Pro Max 256" names a phone, not a budget.
const CAP = String.raw`(?:\b(?:under|below|less than|cheaper than|up ?to|upto|till|within|maximum|max price|not more than|no more than|lower than|not over)|<=?)`;
const FLOOR = String.raw`(?:\b(?:above|over|more than|at least|minimum|min price|starting (?:at|from)|greater than|higher than)|>=?)`;
// Compiled once: parseBudget runs for every search with words. None is global, so exec keeps no state between calls.
const BETWEEN = new RegExp(String.raw`\b(?:between|from)\s+${MONEY}\s*(?:and|to|-)\s*${MONEY}`);
const RANGE = new RegExp(String.raw`${MONEY}\s*(?:-|to)\s*${MONEY}`);
const UNDER = new RegExp(String.raw`${CAP}\s*${MONEY}`);
const OVER = new RegExp(String.raw`${FLOOR}\s*${MONEY}`);
const AROUND = new RegExp(String.raw`\b(?:around|about|approximately|approx|roughly|near)\s*${MONEY}`);
const BARE = new RegExp(String.raw`(?:\b(?:in|for|budget|price|of)\s+)?${MARKED_MONEY}`);
/** Below this a number after "under" is not a price in a phone and computer shop ("under 15 inch", "max 256"). */
const MIN_PRICE_PAISA = 1_000_00;
/** A bare amount is a budget only from here: "4k" and "8k" are screens. */
const MIN_BARE_PAISA = 10_000_00;

/**
 * Budget phrases: "between 50k and 70k", "80k-120k", "under 50k", "below Rs 100,000", "< 50000", "upto 60k",
 * "above 100k", "around 100k" (±15%), and a bare amount that says it is money ("phone 50k", "in Rs 40,000") as a cap.
 */
export function parseBudget(text: string): Budget {
  let rest = text.toLowerCase();
  const phrases: string[] = [];
  const takeOut = (matched: string) => {
    phrases.push(matched.trim());
    rest = rest.replace(matched, ' ');
  };
  const between = BETWEEN.exec(rest) ?? RANGE.exec(rest);
  if (between && (between[2] || between[4] || /rs|pkr|between|from/.test(between[0]))) {
    const a = parseAmount(between[1]!, between[2] ?? between[4]);
    const b = parseAmount(between[3]!, between[4] ?? between[2]);
    if (a !== undefined && b !== undefined) {
      takeOut(between[0]);
      return { minPrice: Math.min(a, b), maxPrice: Math.max(a, b), rest, phrases };
    }
  }
  const result: { minPrice?: number; maxPrice?: number } = {};
  /** The amount of a match, when it is big enough to be a price. */
  const priceOf = (m: RegExpExecArray | null, least = MIN_PRICE_PAISA): number | undefined => {
    if (!m) return undefined;
    const paisa = parseAmount((m[1] ?? m[3])!, m[2] ?? m[4]);
    return paisa !== undefined && paisa >= least ? paisa : undefined;
  };
  const max = UNDER.exec(rest);
  result.maxPrice = priceOf(max);
  if (result.maxPrice !== undefined) takeOut(max![0]);
  const min = OVER.exec(rest);
  result.minPrice = priceOf(min);
  if (result.minPrice !== undefined) takeOut(min![0]);
  if (result.maxPrice === undefined && result.minPrice === undefined) {
    const around = AROUND.exec(rest);
    const amount = priceOf(around);
    if (amount !== undefined) {
      result.minPrice = Math.round(amount * 0.85);
      result.maxPrice = Math.round(amount * 1.15);
      takeOut(around![0]);
    }
  }
  if (result.maxPrice === undefined && result.minPrice === undefined) {
    // "phone 50k", "laptop in 1 lakh", "budget Rs 40,000": a budget, read as the most the shopper will pay.
    const bare = BARE.exec(rest);
    result.maxPrice = priceOf(bare, MIN_BARE_PAISA);
    if (result.maxPrice !== undefined) takeOut(bare![0]);
  }
  if (result.maxPrice === undefined) delete result.maxPrice;
  if (result.minPrice === undefined) delete result.minPrice;
  return { ...result, rest, phrases };
}

export interface Memory {
  /** GB. */
  ram?: number;
  /** GB (1 TB = 1024). */
  storage?: number;
  rest: string;
  phrases: string[];
}

const RAM_SIZES = new Set([1, 2, 3, 4, 6, 8, 10, 12, 16, 18, 24, 32, 36, 48, 64]);
/** Typical storage sizes: a bare "256" after the model number ("iPhone 15 256") is storage. */
const STORAGE_SIZES = new Set([64, 128, 256, 512, 1024, 2048]);
const gbOf = (amount: string, unit: string | undefined) => Number(amount) * (unit === 'tb' ? 1024 : 1);

/**
 * Memory sizes the way shoppers type them: "16gb ram", "ram 16 gb", "16 ram", "1 tb", "1tb ssd", "8/256",
 * "8gb+256gb", a lone size ("16 gb" is RAM, "512 gb" and "1 tb" storage; in a phone question RAM stops at 24 GB,
 * so "32gb phone" is storage) and a bare typical storage size after the model number ("galaxy s24 ultra 256").
 */
export function parseMemory(text: string, category?: Category): Memory {
  let rest = text.toLowerCase();
  const phrases: string[] = [];
  const result: { ram?: number; storage?: number } = {};
  const take = (kind: 'ram' | 'storage', gb: number, matched: string): boolean => {
    if (result[kind] !== undefined || !(gb > 0)) return false;
    result[kind] = gb;
    phrases.push(matched.trim());
    rest = rest.replace(matched, ' ');
    return true;
  };
  // "8/256", "8gb/256gb", "8+256", "12 gb ram / 512 gb"
  for (const m of [...rest.matchAll(/\b(\d{1,2})\s*(gb?)?\s*(?:ram)?\s*[/+]\s*(\d{2,4})\s*(gb?|tb)?\b/g)]) {
    const ram = Number(m[1]);
    const storage = gbOf(m[3]!, m[4]);
    if (!RAM_SIZES.has(ram) || storage < 16 || result.ram !== undefined || result.storage !== undefined) continue;
    // Without units: typical sizes after a model number ("s24 8/256"), never "pixel 8 / 128gb".
    if (!m[2] && (!/\d/.test(rest.slice(0, m.index)) || (!m[4] && !STORAGE_SIZES.has(storage)))) continue;
    result.ram = ram;
    result.storage = storage;
    phrases.push(m[0].trim());
    rest = rest.replace(m[0], ' ');
  }
  const kindOf = (word: string) => (word === 'ram' || word === 'memory' ? 'ram' : 'storage');
  // The word after the size is the clearest ("8GB RAM", "1TB SSD", "16 ram"), then the word before ("RAM 16GB").
  for (const m of [
    ...rest.matchAll(
      /\b(\d{1,4})\s*(gb|tb|g)?\s*(?:of\s*)?(?:ddr\d\s*)?(ram|memory|storage|rom|ssd|hdd|internal|emmc|nvme)\b/g,
    ),
  ]) {
    take(kindOf(m[3]!), gbOf(m[1]!, m[2]), m[0]);
  }
  for (const m of [...rest.matchAll(/\b(ram|memory|storage|rom|ssd|hdd)\s*(?:of\s*)?(\d{1,4})\s*(gb|tb)?\b/g)]) {
    take(kindOf(m[1]!), gbOf(m[2]!, m[3]), m[0]);
  }
  // A lone size. "256g" is a size only with two digits or more: "5g" is the network.
  const ramLimit = category === 'mobile' ? 24 : 32;
  for (const m of [...rest.matchAll(/\b(\d{1,4})\s*(gb|tb)\b|\b(\d{2,4})g\b/g)]) {
    const gb = gbOf(m[1] ?? m[3]!, m[2]);
    const kind = m[2] !== 'tb' && gb <= ramLimit ? 'ram' : 'storage';
    take(kind, gb, m[0]);
  }
  // "iphone 15 256", "galaxy s24 ultra 256": a typical storage size after a model number, not before a model word
  // ("hp 256 g10" is a laptop).
  if (result.storage === undefined) {
    const words = rest.split(' ');
    for (let i = 1; i < words.length; i++) {
      const w = words[i]!;
      if (!/^\d+$/.test(w) || !STORAGE_SIZES.has(Number(w))) continue;
      if (/^g\d/.test(words[i + 1] ?? '')) continue;
      if (!words.slice(0, i).some((before) => /\d/.test(before))) continue;
      take('storage', Number(w), w);
      // take() replaced the first occurrence; rebuild from the words so the right one goes.
      words[i] = '';
      rest = words.join(' ');
      break;
    }
  }
  return { ...result, rest, phrases };
}

const SORTS: [RegExp, SortIntent][] = [
  [
    /\b(best[- ]rated|top[- ]rated|highest[- ]rated|best reviewed|best reviews|most liked|best ratings?)\b/,
    'bestRated',
  ],
  [
    /\b(most popular|popular|trending|best[- ]?selling|bestsellers?|top[- ]selling|most viewed|most sold)\b/,
    'mostPopular',
  ],
  [
    /\b(cheapest|cheap|cheaper|lowest price[sd]?|low price[sd]?|least expensive|most affordable|affordable|budget|inexpensive)\b/,
    'cheapest',
  ],
  [/\b(most expensive|priciest|premium|flagship|high[- ]end|highest price[sd]?)\b/, 'priciest'],
];

/** The order a question asks for, if any ("cheapest" → cheapest first). */
export function parseSort(text: string): SortIntent {
  const lower = text.toLowerCase();
  return SORTS.find(([re]) => re.test(lower))?.[1] ?? 'relevance';
}

const CATEGORY_PATTERNS: [RegExp, Category][] = [
  [/\b(phones?|mobiles?|smart ?phones?|cell ?phones?|handsets?)\b/, 'mobile'],
  [/\b(laptops?|notebooks?|ultrabooks?|chromebooks?|macbooks?)\b/, 'laptop'],
  [/\b(computers?|desktops?|pcs?|all[- ]in[- ]ones?|workstations?)\b/, 'computer'],
];

/** The category a question's words name ("phone", "laptops", "desktop pc"), if any. */
export function categoryOf(text: string): Category | undefined {
  const lower = text.toLowerCase();
  return CATEGORY_PATTERNS.find(([re]) => re.test(lower))?.[1];
}

/** Words shops split that are one word, joined the way catalogue names and aliases spell them. */
const JOINED =
  /\b(i|mac|think|idea|zen|vivo|chrome|one|elite|alien)[\s-]+(phone|pad|mac|book|centre|center|plus|ware)\b/g;
const JOINS = new Set([
  'iphone',
  'ipad',
  'imac',
  'macbook',
  'thinkpad',
  'thinkbook',
  'thinkcentre',
  'thinkcenter',
  'ideapad',
  'ideacentre',
  'ideacenter',
  'zenbook',
  'vivobook',
  'chromebook',
  'oneplus',
  'elitebook',
  'alienware',
]);

/**
 * Words that do not narrow a search: who it is for, politeness, filler. Model words (pro, max, plus, air, note,
 * one) are never here, and neither is "gaming" (a line name: "TUF Gaming"), which is an optional word instead.
 */
const STOP_WORDS = new Set(
  (
    'a an the and or of for to in on at by with without me my i im you your we our is are it its this that these ' +
    'show find give get list search looking look want need buy purchase shop online store pakistan price prices ' +
    'rate rates cost rs pkr rupees new latest brand good best better great nice top quality ' +
    'student students school college university kids kid children office work working business home daily use ' +
    'everyday personal beginners beginner programming coding editing study studies online class classes ' +
    'cheap cheaper cheapest affordable budget inexpensive lowest low expensive priciest premium flagship highest ' +
    'most popular trending rated reviewed bestseller bestsellers selling sold viewed liked under below above over ' +
    'upto up within less more than between around about please'
  ).split(' '),
);
/** Words that name a line in some catalogues and a use in others: they rank, and narrow only on their own. */
const OPTIONAL_WORDS = new Set(['gaming']);

export interface QueryWord {
  /** The word as the search box split it (lower-case, joined/split as the catalogue spells it). */
  word: string;
  /** Spellings any one of which a product must contain ("s24ultra" or "s24 ultra"). */
  spellings: string[];
  /** Narrows only when no other word does ("gaming"). */
  optional?: boolean;
}

export interface SearchIntent {
  words: QueryWord[];
  /** GB. */
  ram?: number;
  /** GB. */
  storage?: number;
  /** Paisa. */
  minPrice?: number;
  /** Paisa. */
  maxPrice?: number;
  sort: SortIntent;
  /** The category the words name (for reading memory sizes; the search resolves categories itself). */
  category?: Category;
  /** The spec and budget phrases taken out of the words ("16 gb", "under 50k"). */
  phrases: string[];
  /** The words that do not narrow and were left out ("for", "students"). */
  ignored: string[];
}

/**
 * Other spellings of a word mixing letters and digits, as catalogue aliases give the other side: "fold6" →
 * "fold 6", "s24ultra" → "s24 ultra", "15promax" → "15 pro max", "iphone15pro" → "iphone 15 pro".
 */
function spellingsOf(word: string): string[] {
  const out = [word];
  const split = (suffix: string) => (suffix === 'promax' ? 'pro max' : suffix);
  let m = /^([a-z])(\d+)([a-z]{3,})$/.exec(word);
  if (m) out.push(`${m[1]}${m[2]} ${split(m[3]!)}`);
  m = /^([a-z]{2,})(\d+)([a-z]*)$/.exec(word);
  if (m) out.push([m[1], m[2], m[3] && m[3].length >= 3 ? split(m[3]) : m[3]].filter(Boolean).join(' '));
  m = /^(\d+)([a-z]{3,})$/.exec(word);
  if (m) out.push(`${m[1]} ${split(m[2]!)}`);
  return [...new Set(out)];
}

/** The text of a question or search, lower-case with one spelling of split brand and line names. */
export function normaliseQuery(q: string): string {
  return q
    .toLowerCase()
    .replace(/\bhewlett[\s-]*packard\b/g, 'hp')
    .replace(JOINED, (all: string, a: string, b: string) => (JOINS.has(a + b) ? a + b : all))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A search box query as words to match and filters: "cheap samsung phone under 50k 8gb" → words samsung, phone;
 * RAM 8; at most Rs 50,000; cheapest first. Category and brand words stay words: the search recognises those
 * against the catalogue.
 */
export function parseSearchQuery(q: string | undefined, maxWords = 12): SearchIntent {
  const text = normaliseQuery(q ?? '');
  const category = categoryOf(text);
  const budget = parseBudget(text);
  const memory = parseMemory(budget.rest, category);
  const raw = memory.rest.split(/[^a-z0-9]+/).filter(Boolean);
  // "s 24" → "s24", "a 55" → "a55", "i 7" → "i7": a lone letter belongs to the number after it.
  const joined: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const w = raw[i]!;
    const next = raw[i + 1];
    if (/^[a-z]$/.test(w) && next && /^\d/.test(next)) {
      joined.push(w + next);
      i++;
    } else joined.push(w);
  }
  const words: QueryWord[] = [];
  const ignored: string[] = [];
  for (const w of joined) {
    if (STOP_WORDS.has(w)) ignored.push(w);
    else if (!words.some((x) => x.word === w)) {
      words.push({ word: w, spellings: spellingsOf(w), ...(OPTIONAL_WORDS.has(w) ? { optional: true } : {}) });
    }
  }
  return {
    words: words.slice(0, maxWords),
    ram: memory.ram,
    storage: memory.storage,
    minPrice: budget.minPrice,
    maxPrice: budget.maxPrice,
    sort: parseSort(text),
    category,
    phrases: [...budget.phrases, ...memory.phrases],
    ignored,
  };
}
