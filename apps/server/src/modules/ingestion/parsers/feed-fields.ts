import { currencyRefusal, parseCurrency, statedCurrency } from './currency';
import type { ParsedItem } from './types';
import { absoluteUrl, normalizeGtin, parseAvailability, parsePrice, text } from './values';

/**
 * Google Merchant fields (without the `g:` prefix) to an item; the feed and CSV formats share them. An item priced
 * in another currency than PKR comes back as the reason it is refused.
 */
export function itemFromFeedFields(fields: Record<string, unknown>, base: string): ParsedItem | string {
  const get = (name: string) => text(fields[name] ?? fields[`g:${name}`]);
  const name = get('title');
  if (!name) return 'item without a title';
  const regular = parsePrice(get('price'));
  const sale = parsePrice(get('sale_price'));
  const price = sale !== null && sale > 0 ? sale : regular;
  if (price === null || price <= 0) return `no price for "${name}"`;
  const url = absoluteUrl(get('link'), base);
  const id = get('id') || url;
  if (!id) return `no id or link for "${name}"`;
  const item: ParsedItem = {
    storeItemId: id,
    url,
    name,
    description: get('description') || null,
    image: absoluteUrl(get('image_link'), base),
    brand: get('brand'),
    gtin: normalizeGtin(get('gtin')),
    mpn: get('mpn') || null,
    price,
    // Either price may be the one stating the currency ("649.00" on sale from "699.00 USD").
    currency: statedCurrency(undefined, get('sale_price')) ?? parseCurrency(undefined, get('price')),
    inStock: parseAvailability(get('availability')),
    productType: get('product_type') || get('google_product_category'),
    ratingValue: null,
    ratingCount: 0,
    reviews: [],
  };
  return currencyRefusal(item) ?? item;
}
