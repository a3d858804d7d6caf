import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { emptyMessage, parseFilters, toQueryString, withFilters } from './search-params';

describe('search filters in the URL', () => {
  it('round-trips every filter and leaves defaults out', () => {
    const query = 'q=dell&category=laptop&brand=Dell&ram=16&minPrice=5000&maxPrice=9999.99&sort=price_asc&page=2';
    expect(toQueryString(parseFilters(new URLSearchParams(query)))).toBe(query);
    expect(toQueryString(parseFilters(new URLSearchParams('sort=relevance&page=1')))).toBe('');
  });

  it('drops malformed values instead of sending them', () => {
    const f = parseFilters(new URLSearchParams('category=tablet&ram=abc&minPrice=-5&sort=cheap&page=0'));
    expect(f).toEqual({ sort: 'relevance', page: 1 });
  });

  it('goes back to page 1 when a filter changes', () => {
    const f = parseFilters(new URLSearchParams('q=hp&page=3'));
    expect(withFilters(f, { brand: 'HP' }).page).toBe(1);
    expect(withFilters(f, { page: 4 }).page).toBe(4);
  });

  it("names the filter that emptied the result with the spec's alerts", () => {
    const base = parseFilters(new URLSearchParams(''));
    expect(emptyMessage({ ...base, brand: 'Nokia', ram: 8 })).toBe(messages.search.noBrand);
    expect(emptyMessage({ ...base, ram: 8, minPrice: 1 })).toBe(messages.search.noRam);
    expect(emptyMessage({ ...base, maxPrice: 10 })).toBe(messages.search.noPrice);
    expect(emptyMessage(base)).toBeNull();
  });
});
