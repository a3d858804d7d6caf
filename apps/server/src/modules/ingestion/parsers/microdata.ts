import type { CheerioAPI } from 'cheerio';
import type { Cheerio } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { currencyRefusal, parseCurrency } from './currency';
import type { ParsedItem, ParseResult } from './types';
import { absoluteUrl, normalizeGtin, parseAvailability, parsePrice } from './values';

/** schema.org microdata (`itemscope itemtype=…/Product` with `itemprop`s): the fallback when a page has no JSON-LD. */
export function parseMicrodata($: CheerioAPI, pageUrl: string): ParseResult {
  const result: ParseResult = { items: [], failures: [] };
  $('[itemscope][itemtype*="schema.org/Product"]').each((_, el) => {
    const scope = $(el);
    // A property belongs to this product unless a nested itemscope (an offer, a review) owns it.
    const prop = (root: Cheerio<AnyNode>, name: string) =>
      root.find(`[itemprop="${name}"]`).filter((_, p) => $(p).parents('[itemscope]').first().is(root));
    const value = (root: Cheerio<AnyNode>, name: string): string => {
      const p = prop(root, name).first();
      if (p.length === 0) return '';
      return (p.attr('content') ?? p.attr('href') ?? p.attr('src') ?? p.attr('datetime') ?? p.text()).trim();
    };
    const name = value(scope, 'name');
    if (!name) {
      result.failures.push({ where: pageUrl, reason: 'product without a name' });
      return;
    }
    const offerScope = prop(scope, 'offers').first();
    const offer = offerScope.is('[itemscope]') ? offerScope : scope;
    const prices = [value(offer, 'price'), value(offer, 'lowPrice')]
      .map(parsePrice)
      .filter((p): p is number => p !== null && p > 0);
    if (prices.length === 0) {
      result.failures.push({ where: pageUrl, reason: `no price for "${name}"` });
      return;
    }
    const brandScope = prop(scope, 'brand').first();
    const brand = brandScope.is('[itemscope]') ? value(brandScope, 'name') : value(scope, 'brand');
    const rating = prop(scope, 'aggregateRating').first();
    const url = absoluteUrl(value(scope, 'url') || pageUrl, pageUrl);
    const sku = value(scope, 'sku');
    const ratingValue = rating.length ? Number(value(rating, 'ratingValue')) : NaN;
    const item: ParsedItem = {
      storeItemId: sku || url,
      url,
      name,
      description: value(scope, 'description') || null,
      image: absoluteUrl(value(scope, 'image'), pageUrl),
      brand,
      gtin: normalizeGtin(
        value(scope, 'gtin13') || value(scope, 'gtin') || value(scope, 'gtin12') || value(scope, 'gtin14'),
      ),
      mpn: value(scope, 'mpn') || null,
      price: Math.min(...prices),
      currency: parseCurrency(value(offer, 'priceCurrency'), value(offer, 'price')),
      inStock: parseAvailability(value(offer, 'availability')),
      productType: value(scope, 'category'),
      ratingValue: Number.isFinite(ratingValue) ? ratingValue : null,
      ratingCount: rating.length ? Number(value(rating, 'reviewCount') || value(rating, 'ratingCount')) || 0 : 0,
      reviews: prop(scope, 'review')
        .toArray()
        .map((r) => ({ author: value($(r), 'author'), text: value($(r), 'reviewBody'), rating: null }))
        .filter((r) => r.text !== ''),
    };
    const refusal = currencyRefusal(item);
    if (refusal) result.failures.push({ where: pageUrl, reason: refusal });
    else result.items.push(item);
  });
  return result;
}
