import { messages } from '@pricehub/shared/messages';
import { categories, sortOptions, type Category } from '@pricehub/shared/rules/catalog';
import type { ProductQuery } from '@pricehub/shared/schemas/product';

export type Sort = ProductQuery['sort'];

/**
 * Everything /result filters on; all of it lives in the URL so a search can be shared and reloaded. The API's query
 * (packages/shared productQuery), but for the prices: the URL's are rupees, what a shopper types and shares (the
 * search's API function converts them to paisa).
 */
export type SearchFilters = Pick<ProductQuery, 'q' | 'category' | 'brand' | 'ram' | 'sort' | 'page'> & {
  /** Rupees. */
  minPrice?: number;
  /** Rupees. */
  maxPrice?: number;
};

const num = (value: string | null): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** Reads filters from the URL, dropping anything malformed rather than sending it to the server. */
export function parseFilters(params: URLSearchParams): SearchFilters {
  const category = params.get('category');
  const sort = params.get('sort');
  const page = num(params.get('page'));
  const ram = num(params.get('ram'));
  return {
    q: params.get('q')?.trim() || undefined,
    category: (categories as readonly string[]).includes(category ?? '') ? (category as Category) : undefined,
    brand: params.get('brand')?.trim() || undefined,
    ram: ram !== undefined && Number.isInteger(ram) ? ram : undefined,
    minPrice: num(params.get('minPrice')),
    maxPrice: num(params.get('maxPrice')),
    sort: (sortOptions as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'relevance',
    page: page !== undefined && Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL form of the filters: defaults left out so links stay short. */
export function toQueryString(filters: SearchFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '') continue;
    if (key === 'sort' && value === 'relevance') continue;
    if (key === 'page' && value === 1) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** Changes some filters; any change other than the page goes back to page 1. */
export function withFilters(filters: SearchFilters, change: Partial<SearchFilters>): SearchFilters {
  return { ...filters, ...change, page: change.page ?? 1 };
}

/**
 * The spec's alert for an empty result, naming the filter that emptied it: brand first, then RAM, then price
 * (the order the spec's filters apply in); null when no such filter is set.
 */
export function emptyMessage(filters: SearchFilters): string | null {
  if (filters.brand) return messages.search.noBrand;
  if (filters.ram !== undefined) return messages.search.noRam;
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) return messages.search.noPrice;
  return null;
}
