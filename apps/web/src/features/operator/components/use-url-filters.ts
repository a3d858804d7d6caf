import { useSearchParams } from 'react-router';

type FilterValue = string | number | undefined;
type Filters = Record<string, FilterValue>;

/**
 * A page's filter kept in the address (so it can be bookmarked, shared and gone back to), plus `page`.
 * `read` turns the search params into the filter; its key order is the order written back. A value that is
 * empty or equal to its entry in `defaults` is left out of the address, and so is page 1.
 */
export function useUrlFilters<F extends Filters>(
  read: (params: URLSearchParams) => F,
  defaults: Partial<F> = {},
): [F & { page: number }, (next: Partial<F & { page: number }>) => void] {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page'));
  const filter = { ...read(params), page: Number.isInteger(page) && page > 1 ? page : 1 };
  const update = (next: Partial<F & { page: number }>) => {
    const merged: Filters = { ...filter, ...next };
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) {
      if (value === undefined || value === '' || value === defaults[key]) continue;
      if (key === 'page' && (value as number) <= 1) continue;
      out.set(key, String(value));
    }
    setParams(out);
  };
  return [filter, update];
}
