import { messages } from '@pricehub/shared/messages';
import { formatRs } from '@pricehub/shared/rules/money';
import { ratingText } from '@pricehub/shared/rules/rating';
import type { Db } from '../../db/client';
import { findProducts, type CatalogueHit } from './catalogue-search';
import { parseQuestion, type ParsedQuestion, type ProductFilters } from './question-parser';

export const MAX_BUILTIN_PRODUCTS = 5;

const CATEGORY_NAMES = { mobile: 'mobiles', laptop: 'laptops', computer: 'computers' } as const;

const GREETING_REPLY =
  "Hello! I'm the PriceHub assistant. Ask me about mobiles, laptops and computers: for example " +
  '"cheapest Samsung phone under 100k", "best rated laptop with 16GB RAM" or "compare iPhone 15 vs Galaxy S24".';

const THANKS_REPLY = "You're welcome! Ask me anything else about mobiles, laptops or computers.";

const HELP_REPLY = [
  'I answer from the PriceHub catalogue, with live prices and links. You can ask me for:',
  '- a **category**: phones/mobiles, laptops or computers;',
  '- a **brand**: "Samsung phones", "Dell laptops";',
  '- a **budget**: "under 150k", "below Rs 80,000", "between 50k and 70k";',
  '- **RAM and storage**: "16GB RAM", "512GB";',
  '- an **order**: "cheapest", "best rated", "most popular";',
  '- a **comparison**: "compare iPhone 15 and Galaxy S24" or "Pixel 8 vs iPhone 15";',
  '- a **follow-up** to narrow the last search: "under 100k?", "what about Apple?", "which is cheapest?".',
].join('\n');

/** The built-in assistant's whole answer, in markdown; the caller streams it out piece by piece. */
export async function builtinAnswer(db: Db, question: string, parsed: ParsedQuestion, now: Date): Promise<string> {
  switch (parsed.intent) {
    case 'greeting':
      return /thank|thx/i.test(question) ? THANKS_REPLY : GREETING_REPLY;
    case 'help':
      return HELP_REPLY;
    case 'offTopic':
      return messages.chat.offTopic;
    case 'compare':
      return compareAnswer(db, parsed, now);
    case 'search':
      return searchAnswer(db, parsed, now);
  }
}

async function searchAnswer(db: Db, parsed: ParsedQuestion, now: Date): Promise<string> {
  const hits = await findProducts(db, parsed, { now, limit: MAX_BUILTIN_PRODUCTS });
  const wanted = describeFilters(parsed);
  if (hits.length === 0) {
    return `I couldn't find any ${wanted} in our catalogue right now. Try a wider budget or another brand.`;
  }
  const intro = {
    relevance: `Here are ${wanted} from our catalogue:`,
    cheapest: `Here are the cheapest ${wanted}:`,
    priciest: `Here are the most premium ${wanted}:`,
    bestRated: `Here are the best rated ${wanted}, by what reviewers say:`,
    mostPopular: `Here are the most popular ${wanted}:`,
  }[parsed.sort];
  return [intro, '', ...hits.map((hit, i) => `${i + 1}. ${productLine(hit)}`)].join('\n');
}

/** "Samsung mobiles under Rs 100,000 with at least 8GB RAM". */
export function describeFilters(filters: ProductFilters): string {
  const noun = filters.category ? CATEGORY_NAMES[filters.category] : 'products';
  const parts = [filters.brand ? `${filters.brand} ${noun}` : noun];
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined) {
    parts.push(`between ${formatRs(filters.minPrice)} and ${formatRs(filters.maxPrice)}`);
  } else if (filters.maxPrice !== undefined) {
    parts.push(`under ${formatRs(filters.maxPrice)}`);
  } else if (filters.minPrice !== undefined) {
    parts.push(`above ${formatRs(filters.minPrice)}`);
  }
  const specs = [
    filters.ram !== undefined ? `${filters.ram}GB RAM` : '',
    filters.storage !== undefined ? `${filters.storage}GB storage` : '',
  ].filter(Boolean);
  if (specs.length) parts.push(`with at least ${specs.join(' and ')}`);
  return parts.join(' ');
}

/** " at Mobile Mart", " at 2 stores (Mobile Mart and Shophive)", " at 4 stores (A, B and 2 more)". */
function storeText(stores: string[]): string {
  if (stores.length === 0) return '';
  if (stores.length === 1) return ` at ${stores[0]}`;
  const named =
    stores.length === 2 ? stores.join(' and ') : `${stores.slice(0, 2).join(', ')} and ${stores.length - 2} more`;
  return ` at ${stores.length} stores (${named})`;
}

function specText(hit: CatalogueHit): string {
  return [hit.ram ? `${hit.ram}GB RAM` : '', hit.storage ? `${hit.storage}GB` : ''].filter(Boolean).join(', ');
}

function productLine(hit: CatalogueHit): string {
  const specs = specText(hit);
  const rating = ratingText(hit);
  return (
    `[${hit.name}](${hit.url}): **${formatRs(hit.lowestPrice)}**${storeText(hit.stores)}` +
    `${specs ? ` (${specs})` : ''}${rating === 'No Reviews' ? '' : `, ${rating}`}` +
    `${hit.inStock ? '' : ', out of stock'}`
  );
}

/** Finds each side of the comparison by its own words, within the question's category when it names one. */
async function compareAnswer(db: Db, parsed: ParsedQuestion, now: Date): Promise<string> {
  const [left, right] = parsed.compare!;
  const find = async (name: string) => {
    const side = parseQuestion(name);
    const filters: ProductFilters = {
      sort: 'relevance',
      keywords: side.keywords,
      brand: side.brand,
      category: side.category ?? parsed.category,
    };
    return (await findProducts(db, filters, { now, limit: 1 }))[0];
  };
  const [a, b] = await Promise.all([find(left), find(right)]);
  const missing = [!a ? left : '', !b ? right : ''].filter(Boolean);
  if (!a || !b) {
    return `I couldn't find ${missing.map((m) => `"${m}"`).join(' or ')} in our catalogue, so I can't compare them yet.`;
  }
  if (a.id === b.id) return `Both names point to the same product: ${productLine(a)}`;
  const row = (label: string, value: (h: CatalogueHit) => string) => `| ${label} | ${value(a)} | ${value(b)} |`;
  const cell = (text: string) => text.replace(/\|/g, '/');
  const cheaper = a.lowestPrice === b.lowestPrice ? null : a.lowestPrice < b.lowestPrice ? a : b;
  return [
    `Here is how they compare:`,
    '',
    `| | [${cell(a.name)}](${a.url}) | [${cell(b.name)}](${b.url}) |`,
    '|---|---|---|',
    row('Lowest price', (h) => formatRs(h.lowestPrice)),
    row('Brand', (h) => cell(h.brand)),
    row('Category', (h) => h.category),
    row('RAM', (h) => (h.ram ? `${h.ram}GB` : '-')),
    row('Storage', (h) => (h.storage ? `${h.storage}GB` : '-')),
    row('Stores', (h) => String(h.stores.length)),
    row('Rating', (h) => ratingText(h)),
    row('In stock', (h) => (h.inStock ? 'Yes' : 'No')),
    '',
    cheaper
      ? `The ${cheaper.name} is cheaper by ${formatRs(Math.abs(a.lowestPrice - b.lowestPrice))}.`
      : 'Both cost the same.',
  ].join('\n');
}
