import {
  categoryOf,
  normaliseQuery,
  parseBudget,
  parseMemory,
  parseSort,
  type SortIntent,
} from '@pricehub/shared/rules/query-intent';
import type { Category } from '@pricehub/shared/schemas/product';
import type { PricedFilters } from '../catalog/queries';

/** Budgets, memory sizes and order words are read by the same rules as the search box (shared query-intent). */
export { parseAmount } from '@pricehub/shared/rules/query-intent';

/**
 * Understands a shopper's question for the built-in assistant and for the catalogue search that grounds the
 * model's answer. Pure: text in, filters out, so that a table of questions tests it.
 */
export type Intent = 'greeting' | 'help' | 'offTopic' | 'search' | 'compare';
export type SortOrder = SortIntent;

/** What a question asks the catalogue for (catalog/queries.ts searches by it). */
export type ProductFilters = PricedFilters;

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
  const text = normaliseQuery(question);
  const allBrands = [...new Set([...brands, ...KNOWN_BRANDS])].sort((a, b) => b.length - a.length);
  const base = { sort: 'relevance' as SortOrder, keywords: [] as string[] };

  const found = findBrand(text, allBrands);
  const category = categoryOf(text) ?? found.category;
  const compare = parseCompare(text);
  const onTopic = Boolean(found.brand || category || DEVICE_WORDS.test(text));

  if (!onTopic && HELP.test(text)) return { ...base, intent: 'help' };
  if (!onTopic && GREETING.test(text) && text.split(' ').length <= 6) return { ...base, intent: 'greeting' };
  if (!onTopic && (OTHER_TOPICS.test(text) || !SHOPPING_WORDS.test(text))) return { ...base, intent: 'offTopic' };

  if (compare) return { ...base, intent: 'compare', compare, category, brand: found.brand };

  const budget = parseBudget(text);
  const memory = parseMemory(budget.rest, category);
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
    const text = normaliseQuery(question);
    if (OTHER_TOPICS.test(text)) return parsed;
    const budget = parseBudget(text);
    const memory = parseMemory(budget.rest, previous.category);
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
