import type { Category } from '@pricehub/shared/schemas/product';

/**
 * Understands a shopper's question for the built-in assistant and for the catalogue search that grounds the
 * model's answer. Pure: text in, filters out, so that a table of questions tests it.
 */
export type Intent = 'greeting' | 'help' | 'offTopic' | 'search' | 'compare';
export type SortOrder = 'relevance' | 'cheapest' | 'priciest' | 'bestRated' | 'mostPopular';

export interface ProductFilters {
  category?: Category;
  brand?: string;
  /** Paisa. */
  minPrice?: number;
  /** Paisa. */
  maxPrice?: number;
  /** At least this much RAM, in GB. */
  ram?: number;
  /** At least this much storage, in GB. */
  storage?: number;
  sort: SortOrder;
  /** Words left once the filters are taken out (model names such as "galaxy s24"). */
  keywords: string[];
}

export interface ParsedQuestion extends ProductFilters {
  intent: Intent;
  /** The two things named by "compare X and Y" or "X vs Y". */
  compare?: [string, string];
}

export const KNOWN_BRANDS = [
  'Apple',
  'Samsung',
  'Xiaomi',
  'Oppo',
  'Vivo',
  'Realme',
  'Infinix',
  'Tecno',
  'OnePlus',
  'Google',
  'Huawei',

  'Nokia',
  'Motorola',
  'Sony',
  'Dell',
  'HP',
  'Lenovo',
  'Acer',
  'Asus',
  'Microsoft',
  'MSI',
  'Razer',
  'Toshiba',
  'Itel',
];

/** Product-line names that imply a brand (and sometimes a category). */
const BRAND_ALIASES: Record<string, { brand: string; category?: Category }> = {
  iphone: { brand: 'Apple', category: 'mobile' },
  macbook: { brand: 'Apple', category: 'laptop' },
  imac: { brand: 'Apple', category: 'computer' },
  galaxy: { brand: 'Samsung' },
  redmi: { brand: 'Xiaomi', category: 'mobile' },
  poco: { brand: 'Xiaomi', category: 'mobile' },
  pixel: { brand: 'Google', category: 'mobile' },
  thinkpad: { brand: 'Lenovo', category: 'laptop' },
  ideapad: { brand: 'Lenovo', category: 'laptop' },
  legion: { brand: 'Lenovo', category: 'laptop' },
  xps: { brand: 'Dell', category: 'laptop' },
  inspiron: { brand: 'Dell', category: 'laptop' },
  latitude: { brand: 'Dell', category: 'laptop' },
  alienware: { brand: 'Dell', category: 'laptop' },
  pavilion: { brand: 'HP', category: 'laptop' },
  elitebook: { brand: 'HP', category: 'laptop' },
  zenbook: { brand: 'Asus', category: 'laptop' },
  vivobook: { brand: 'Asus', category: 'laptop' },
  rog: { brand: 'Asus', category: 'laptop' },
  aspire: { brand: 'Acer', category: 'laptop' },
  nitro: { brand: 'Acer', category: 'laptop' },
  predator: { brand: 'Acer', category: 'laptop' },
  surface: { brand: 'Microsoft' },
};

const CATEGORY_WORDS: [RegExp, Category][] = [
  [/\b(phones?|mobiles?|smart ?phones?|cell ?phones?|handsets?)\b/, 'mobile'],
  [/\b(laptops?|notebooks?|ultrabooks?|chromebooks?)\b/, 'laptop'],
  [/\b(computers?|desktops?|pcs?|all[- ]in[- ]ones?|workstations?)\b/, 'computer'],
];

/** Words that only make sense about devices; any of them makes a question on topic. */
const DEVICE_WORDS =
  /\b(ram|memory|storage|ssd|hdd|rom|processor|cpu|gpu|graphics|chip|snapdragon|ryzen|core i[3579]|intel|battery|camera|megapixels?|mp|display|screen|amoled|oled|refresh rate|android|ios|windows|macos|5g|4g|charger|charging|specs?|gaming|keyboard|touchpad|gb|tb|mah)\b/;

/** Shopping words: on topic in a phone and laptop shop even without a device word. */
const SHOPPING_WORDS =
  /\b(cheapest|cheap|affordable|budget|price|prices|cost|rs|pkr|rupees?|best rated|top rated|most popular|trending|best ?selling|bestsellers?|deals?|buy|recommend|suggest|compare|vs|versus)\b/;

/** Topics that are plainly something else; they win over the shopping words alone. */
const OTHER_TOPICS =
  /\b(weather|recipes?|cook|cooking|capital of|poem|poetry|song|lyrics|movies?|films?|cricket|football|match score|politics|president|prime minister|flights?|hotels?|visa|doctor|medicine|history of|homework|essay|joke|cars?|bikes?|houses?|rent|stocks?|bitcoin|crypto)\b/;

const GREETING =
  /^(hi+|hello|thanks|thank you|thx|hey|hiya|salam|assalam[ -]?o[ -]?alaikum|aoa|good (morning|afternoon|evening)|greetings|yo)\b/;
const HELP =
  /\b(what can you do|what do you do|how can you help|what can i ask|who are you|what are you|help me\b|^help$|how does this work)\b/;

const MONEY = String.raw`(?:rs\.?|pkr|₹)?\s*(\d+(?:[.,]\d+)*)\s*(k|thousand|lakh|lac|lacs|lakhs|m|million)?\b(?:\s*(?:rupees|rs|pkr))?`;

/** "150k", "Rs 80,000", "1.5 lakh" → paisa. */
export function parseAmount(digits: string, unit: string | undefined): number | undefined {
  const hasThousandsCommas = /^\d{1,3}(,\d{2,3})+$/.test(digits);
  const value = Number(hasThousandsCommas ? digits.replace(/,/g, '') : digits.replace(/,/g, '.'));
  if (!Number.isFinite(value)) return undefined;
  const factor: Record<string, number> = {
    k: 1e3,
    thousand: 1e3,
    lakh: 1e5,
    lac: 1e5,
    lacs: 1e5,
    lakhs: 1e5,
    m: 1e6,
    million: 1e6,
  };
  const rupees = value * (unit ? (factor[unit] ?? 1) : 1);
  return Math.round(rupees * 100);
}

function parseBudget(text: string): { minPrice?: number; maxPrice?: number; rest: string } {
  let rest = text;
  const between =
    new RegExp(String.raw`\b(?:between|from)\s+${MONEY}\s*(?:and|to|-)\s*${MONEY}`).exec(rest) ??
    new RegExp(String.raw`${MONEY}\s*(?:-|to)\s*${MONEY}`).exec(rest);
  if (between && (between[2] || between[4] || /rs|pkr|between|from/.test(between[0]))) {
    const a = parseAmount(between[1]!, between[2] ?? between[4]);
    const b = parseAmount(between[3]!, between[4] ?? between[2]);
    if (a !== undefined && b !== undefined) {
      rest = rest.replace(between[0], ' ');
      return { minPrice: Math.min(a, b), maxPrice: Math.max(a, b), rest };
    }
  }
  const result: { minPrice?: number; maxPrice?: number } = {};
  const max = new RegExp(
    String.raw`\b(?:under|below|less than|cheaper than|up ?to|upto|within|max(?:imum)?|not more than|no more than|lower than|<)\s*${MONEY}`,
  ).exec(rest);
  if (max) {
    result.maxPrice = parseAmount(max[1]!, max[2]);
    rest = rest.replace(max[0], ' ');
  }
  const min = new RegExp(
    String.raw`\b(?:above|over|more than|at least|min(?:imum)?|starting (?:at|from)|greater than|>)\s*${MONEY}`,
  ).exec(rest);
  if (min) {
    result.minPrice = parseAmount(min[1]!, min[2]);
    rest = rest.replace(min[0], ' ');
  }
  const around = new RegExp(String.raw`\b(?:around|about|approximately|roughly|near)\s*${MONEY}`).exec(rest);
  if (around && result.maxPrice === undefined && result.minPrice === undefined) {
    const amount = parseAmount(around[1]!, around[2]);
    if (amount !== undefined) {
      result.minPrice = Math.round(amount * 0.85);
      result.maxPrice = Math.round(amount * 1.15);
      rest = rest.replace(around[0], ' ');
    }
  }
  return { ...result, rest };
}

function parseMemory(text: string): { ram?: number; storage?: number; rest: string } {
  let rest = text;
  const result: { ram?: number; storage?: number } = {};
  const gbOf = (amount: string, unit: string) => Number(amount) * (unit === 'tb' ? 1024 : 1);
  const take = (kind: 'ram' | 'storage', gb: number, matched: string) => {
    if (result[kind] !== undefined) return;
    result[kind] = gb;
    rest = rest.replace(matched, ' ');
  };
  // The word after the size is the clearest ("8GB RAM", "1TB SSD"), then the word before ("RAM 16GB").
  for (const m of [...rest.matchAll(/\b(\d+)\s*(gb|tb)\s*(?:of\s*)?(ram|memory|storage|rom|ssd|hdd|internal)\b/g)]) {
    take(m[3] === 'ram' || m[3] === 'memory' ? 'ram' : 'storage', gbOf(m[1]!, m[2]!), m[0]);
  }
  for (const m of [...rest.matchAll(/\b(ram|memory|storage|rom|ssd|hdd)\s*(?:of\s*)?(\d+)\s*(gb|tb)\b/g)]) {
    take(m[1] === 'ram' || m[1] === 'memory' ? 'ram' : 'storage', gbOf(m[2]!, m[3]!), m[0]);
  }
  // A bare size: phones and laptops have at most 32GB of RAM and at least 64GB of storage.
  for (const m of [...rest.matchAll(/\b(\d+)\s*(gb|tb)\b/g)]) {
    const gb = gbOf(m[1]!, m[2]!);
    take(m[2] === 'gb' && gb <= 32 ? 'ram' : 'storage', gb, m[0]);
  }
  return { ...result, rest };
}

function parseSort(text: string): SortOrder {
  if (
    /\b(best[- ]rated|top[- ]rated|highest[- ]rated|best reviewed|best reviews|most liked|best ratings?)\b/.test(text)
  ) {
    return 'bestRated';
  }
  if (
    /\b(most popular|popular|trending|best[- ]?selling|bestsellers?|top[- ]selling|most viewed|most sold)\b/.test(text)
  ) {
    return 'mostPopular';
  }
  if (/\b(cheapest|cheap|lowest price|least expensive|most affordable|affordable|budget)\b/.test(text))
    return 'cheapest';
  if (/\b(most expensive|priciest|premium|flagship|high[- ]end)\b/.test(text)) return 'priciest';
  return 'relevance';
}

const STOP_WORDS = new Set(
  (
    "a an the and or of for to in on with without me my i im i'm you your we us our is are was be it its this that these those " +
    'show find give get list tell what which who whats how any some all good best better great nice new latest ' +
    'please can could would should do does want need looking look buy purchase price prices cost rs pkr rupees ' +
    'under below above over between from than less more up upto within around about max min cheapest cheap ' +
    'affordable budget expensive premium flagship rated top highest popular trending selling bestseller most ' +
    'lowest least phone phones mobile mobiles smartphone smartphones laptop laptops notebook notebooks computer ' +
    'computers desktop desktops pc pcs ram storage memory gb tb there have has one ones option options available ' +
    'recommend suggest suggestion k lakh lac thousand hi hello hey thanks thank much'
  ).split(' '),
);

function keywordsOf(text: string, brand: string | undefined): string[] {
  const brandWord = brand?.toLowerCase();
  return text
    .split(/[^a-z0-9+]+/)
    .filter((w) => w && !STOP_WORDS.has(w) && w !== brandWord)
    .slice(0, 8);
}

function findBrand(text: string, brands: readonly string[]): { brand?: string; category?: Category } {
  for (const brand of brands) {
    const word = brand.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`\\b${word}\\b`).test(text)) return { brand };
  }
  for (const [alias, meaning] of Object.entries(BRAND_ALIASES)) {
    if (new RegExp(`\\b${alias}\\b`).test(text)) return meaning;
  }
  return {};
}

/** "compare X and Y", "compare X with Y", "X vs Y", "difference between X and Y". */
function parseCompare(text: string): [string, string] | undefined {
  const clean = (s: string) =>
    s
      .replace(/[?.!]+$/, '')
      .replace(/^(the|a)\s+/, '')
      .trim();
  const patterns = [
    /\bcompare\s+(.+?)\s+(?:and|with|to|against|vs\.?|versus)\s+(.+)$/,
    /\bdifference between\s+(.+?)\s+and\s+(.+)$/,
    /^(?:.*?:\s*)?(.+?)\s+(?:vs\.?|versus)\s+(.+)$/,
    /\b(?:which is better|which one is better)[,:]?\s+(.+?)\s+or\s+(.+)$/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match && clean(match[1]!) && clean(match[2]!)) return [clean(match[1]!), clean(match[2]!)];
  }
  return undefined;
}

export function parseQuestion(question: string, brands: readonly string[] = KNOWN_BRANDS): ParsedQuestion {
  const text = question.toLowerCase().replace(/\s+/g, ' ').trim();
  const allBrands = [...new Set([...brands, ...KNOWN_BRANDS])].sort((a, b) => b.length - a.length);
  const base = { sort: 'relevance' as SortOrder, keywords: [] as string[] };

  const found = findBrand(text, allBrands);
  const category = CATEGORY_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? found.category;
  const compare = parseCompare(text);
  const onTopic = Boolean(found.brand || category || DEVICE_WORDS.test(text));

  if (!onTopic && HELP.test(text)) return { ...base, intent: 'help' };
  if (!onTopic && GREETING.test(text) && text.split(' ').length <= 6) return { ...base, intent: 'greeting' };
  if (!onTopic && (OTHER_TOPICS.test(text) || !SHOPPING_WORDS.test(text))) return { ...base, intent: 'offTopic' };

  if (compare) return { ...base, intent: 'compare', compare, category, brand: found.brand };

  const budget = parseBudget(text);
  const memory = parseMemory(budget.rest);
  return {
    intent: 'search',
    category,
    brand: found.brand,
    minPrice: budget.minPrice,
    maxPrice: budget.maxPrice,
    ram: memory.ram,
    storage: memory.storage,
    sort: parseSort(text),
    keywords: keywordsOf(memory.rest, found.brand),
  };
}

/**
 * A question read in the light of the conversation's previous search: "under 100k?", "which is cheapest?", "with
 * 16GB RAM" or "what about Apple?" narrow or change the last search instead of starting from nothing. A question
 * that names its own category starts afresh, and other topics stay off topic.
 */
export function parseFollowUp(
  question: string,
  previous: ParsedQuestion | undefined,
  brands: readonly string[] = KNOWN_BRANDS,
): ParsedQuestion {
  const parsed = parseQuestion(question, brands);
  if (previous?.intent !== 'search') return parsed;
  if (parsed.intent === 'offTopic') {
    // Only a budget, a memory size or an order, with nothing else on the subject: "under 100k?", "and 16gb?".
    const text = question.toLowerCase().replace(/\s+/g, ' ').trim();
    if (OTHER_TOPICS.test(text)) return parsed;
    const budget = parseBudget(text);
    const memory = parseMemory(budget.rest);
    const sort = parseSort(text);
    const narrows =
      budget.minPrice !== undefined ||
      budget.maxPrice !== undefined ||
      memory.ram !== undefined ||
      memory.storage !== undefined ||
      sort !== 'relevance';
    if (!narrows) return parsed;
    return narrowed(
      {
        intent: 'search',
        minPrice: budget.minPrice,
        maxPrice: budget.maxPrice,
        ram: memory.ram,
        storage: memory.storage,
        sort,
        keywords: [],
      },
      previous,
    );
  }
  if (parsed.intent !== 'search' || parsed.category) return parsed;
  return narrowed(parsed, previous);
}

/** The follow-up's own filters, and the previous search's where the follow-up says nothing. */
function narrowed(next: ParsedQuestion, previous: ParsedQuestion): ParsedQuestion {
  const sameBrand = !next.brand || next.brand === previous.brand;
  const budgetGiven = next.minPrice !== undefined || next.maxPrice !== undefined;
  return {
    intent: 'search',
    category: previous.category,
    brand: next.brand ?? previous.brand,
    minPrice: budgetGiven ? next.minPrice : previous.minPrice,
    maxPrice: budgetGiven ? next.maxPrice : previous.maxPrice,
    ram: next.ram ?? previous.ram,
    storage: next.storage ?? previous.storage,
    sort: next.sort !== 'relevance' ? next.sort : previous.sort,
    // Model words ("xps", "pro") belong to the brand they were said with.
    keywords: next.keywords.length > 0 ? next.keywords : sameBrand ? previous.keywords : [],
  };
}
