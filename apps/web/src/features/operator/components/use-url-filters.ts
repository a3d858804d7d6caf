import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

type FilterValue = string | number | undefined;
type Filters = Record<string, FilterValue>;

/**
 * A page's filter kept in the address (so it can be bookmarked, shared and gone back to), plus `page`.
 * `read` turns the search params into the filter; its key order is the order written back. A value that is
 * empty or equal to its entry in `defaults` is left out of the address, and so is page 1.
 *
 * An update starts from the address last asked for, not the one this render saw: the router renders a navigation in
 * a transition, so for a moment after one filter changes the page on screen still holds the old address, and a second
 * change made in that moment (choosing "Near misses", then searching at once) would otherwise drop the first.
 */
export function useUrlFilters<F extends Filters>(
  read: (params: URLSearchParams) => F,
  defaults: Partial<F> = {},
): [F & { page: number }, (next: Partial<F & { page: number }>) => void] {
  const [params, setParams] = useSearchParams();
  // What the last update asked for, and the address on screen when it did.
  const asked = useRef<{ from: string; to: URLSearchParams } | null>(null);
  const shown = params.toString();
  // Once an address is on screen (the one asked for, or one reached by Back), the render is the truth again.
  useEffect(() => {
    asked.current = null;
  }, [shown]);
  const filterOf = (search: URLSearchParams) => {
    const page = Number(search.get('page'));
    return { ...read(search), page: Number.isInteger(page) && page > 1 ? page : 1 };
  };
  const filter = filterOf(params);
  const update = (next: Partial<F & { page: number }>) => {
    const now = asked.current?.from === shown ? asked.current.to : params;
    const merged: Filters = { ...filterOf(now), ...next };
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) {
      if (value === undefined || value === '' || value === defaults[key]) continue;
      if (key === 'page' && (value as number) <= 1) continue;
      out.set(key, String(value));
    }
    asked.current = { from: shown, to: out };
    setParams(out);
  };
  return [filter, update];
}

/**
 * A `FilterBar`'s words for a filter with `q`: the box starts with the words in the address, and a new search starts
 * again from page 1.
 */
export function searchWords(filter: { q?: string }, setFilter: (next: { q: string; page: number }) => void) {
  return { initialWords: filter.q, onSearch: (q: string) => setFilter({ q, page: 1 }) };
}
