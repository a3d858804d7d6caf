import * as cheerio from 'cheerio';
import { currencyRefusal, HOME_CURRENCY, parseCurrency } from './currency';
import { parseLenientJson } from './lenient-json';
import type { ParsedItem, ParsedReview, ParseResult } from './types';
import { absoluteUrl, normalizeGtin, parseAvailability, parsePrice, text } from './values';
import { parseMicrodata } from './microdata';

type Node = Record<string, unknown>;

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const isType = (node: Node, type: string) => asArray(node['@type']).some((t) => t === type || t === `schema:${type}`);

/** Every object in a JSON-LD document, walking arrays, @graph and nested values. */
function* walk(value: unknown, depth = 0): Generator<Node> {
  if (depth > 12) return;
  if (Array.isArray(value)) {
    for (const v of value) yield* walk(v, depth + 1);
  } else if (value && typeof value === 'object') {
    const node = value as Node;
    yield node;
    for (const [key, v] of Object.entries(node)) if (key !== '@context') yield* walk(v, depth + 1);
  }
}

function imageOf(value: unknown, base: string): string {
  for (const v of asArray(value)) {
    if (typeof v === 'string') return absoluteUrl(v, base);
    if (v && typeof v === 'object') {
      const url = text((v as Node).url) || text((v as Node).contentUrl);
      if (url) return absoluteUrl(url, base);
    }
  }
  return '';
}

const brandOf = (value: unknown): string => {
  const first = asArray(value)[0];
  return first && typeof first === 'object' ? text((first as Node).name) : text(first);
};

/**
 * The price to show: the lowest among the offers, which is the sale price when a page lists both. Prices in two
 * currencies cannot be compared, so an offer in rupees wins over any other whatever the amounts.
 */
function offerOf(value: unknown): { price: number | null; currency: string; inStock: boolean; url: string } {
  let best: { price: number | null; currency: string; inStock: boolean; url: string } = {
    price: null,
    currency: 'PKR',
    inStock: true,
    url: '',
  };
  for (const raw of asArray(value)) {
    if (!raw || typeof raw !== 'object') continue;
    const offer = raw as Node;
    const specs = asArray(offer.priceSpecification).filter((s): s is Node => !!s && typeof s === 'object');
    const candidates = [offer.price, offer.lowPrice, ...specs.map((s) => s.price)]
      .map(parsePrice)
      .filter((p): p is number => p !== null && p > 0);
    if (candidates.length === 0) continue;
    const price = Math.min(...candidates);
    const currency = parseCurrency(offer.priceCurrency ?? specs[0]?.priceCurrency, offer.price);
    const home = currency === HOME_CURRENCY;
    const bestHome = best.currency === HOME_CURRENCY;
    if (best.price === null || (home && !bestHome) || (home === bestHome && price < best.price)) {
      best = { price, currency, inStock: parseAvailability(offer.availability), url: text(offer.url) };
    }
  }
  return best;
}

function reviewsOf(value: unknown): ParsedReview[] {
  return asArray(value)
    .filter((r): r is Node => !!r && typeof r === 'object')
    .map((r) => {
      const rating =
        r.reviewRating && typeof r.reviewRating === 'object' ? Number((r.reviewRating as Node).ratingValue) : NaN;
      return {
        author: brandOf(r.author),
        text: text(r.reviewBody) || text(r.description),
        rating: Number.isFinite(rating) ? Math.min(5, Math.max(1, Math.round(rating))) : null,
      };
    })
    .filter((r) => r.text !== '');
}

export function productFromNode(node: Node, pageUrl: string): ParsedItem | string {
  const name = text(node.name);
  if (!name) return 'product without a name';
  const offer = offerOf(node.offers);
  if (offer.price === null) return `no price for "${name}"`;
  const gtin = normalizeGtin(node.gtin ?? node.gtin13 ?? node.gtin14 ?? node.gtin12 ?? node.gtin8);
  const sku = text(node.sku) || text(node.productID);
  const url = absoluteUrl(text(node.url) || offer.url || pageUrl, pageUrl);
  const rating = node.aggregateRating && typeof node.aggregateRating === 'object' ? (node.aggregateRating as Node) : {};
  const ratingValue = Number(rating.ratingValue);
  return {
    storeItemId: sku || url,
    url,
    name,
    description: text(node.description) || null,
    image: imageOf(node.image, pageUrl),
    brand: brandOf(node.brand),
    gtin,
    mpn: text(node.mpn) || null,
    price: offer.price,
    currency: offer.currency,
    inStock: offer.inStock,
    productType: text(node.category),
    ratingValue: Number.isFinite(ratingValue) ? ratingValue : null,
    ratingCount: Number(rating.reviewCount ?? rating.ratingCount) || 0,
    reviews: reviewsOf(node.review),
  };
}

/** Strict JSON first; the tolerant reading only for what shops really write (comments, CDATA, trailing commas). */
function readJsonLd(source: string): unknown {
  try {
    return JSON.parse(source);
  } catch {
    return parseLenientJson(source);
  }
}

/** Products of an HTML page: JSON-LD first, microdata when the page has no JSON-LD product. */
export function parseProductPage(html: string, pageUrl: string): ParseResult {
  const $ = cheerio.load(html);
  const result: ParseResult = { items: [], failures: [] };
  // Kept apart: a product refused for its currency is reported even when other products of the page are read.
  const refused: ParseResult['failures'] = [];
  const seen = new Set<Node>();
  $('script[type="application/ld+json"]').each((_, el) => {
    let doc: unknown;
    try {
      doc = readJsonLd($(el).text());
    } catch {
      result.failures.push({ where: pageUrl, reason: 'malformed JSON-LD' });
      return;
    }
    for (const node of walk(doc)) {
      if (!isType(node, 'Product') || seen.has(node)) continue;
      seen.add(node);
      const item = productFromNode(node, pageUrl);
      if (typeof item === 'string') {
        result.failures.push({ where: pageUrl, reason: item });
        continue;
      }
      const refusal = currencyRefusal(item);
      if (refusal) refused.push({ where: pageUrl, reason: refusal });
      else result.items.push(item);
    }
  });
  // A refused product is still a JSON-LD product: its microdata often states no currency and would read as rupees.
  if (result.items.length > 0 || refused.length > 0) return { items: result.items, failures: refused };
  const micro = parseMicrodata($, pageUrl);
  if (micro.items.length > 0) return micro;
  return { items: [], failures: [...result.failures, ...micro.failures] };
}
