import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CatalogueCandidate, CatalogueMatchQuery } from '@pricehub/shared/schemas/product';
import { get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** What the seller has typed so far, as the form holds it (strings). */
export interface MatchFields {
  name: string;
  brand: string;
  ram: string;
  storage: string;
  gtin: string;
}

/**
 * The query string for GET /api/seller/products/matches, or '' while there is too little to go on (a name of three
 * letters, or a whole barcode). Blank or non-numeric specs are left out.
 */
export function matchesQueryString(fields: MatchFields): string {
  const name = fields.name.trim();
  const gtin = fields.gtin.replace(/[\s-]/g, '');
  const wholeGtin = /^\d{8,14}$/.test(gtin);
  if (name.length < 3 && !wholeGtin) return '';
  const query: Partial<Record<keyof CatalogueMatchQuery, string>> = { name, brand: fields.brand.trim() };
  for (const key of ['ram', 'storage'] as const) {
    const value = fields[key].trim();
    if (/^\d+$/.test(value)) query[key] = value;
  }
  if (wholeGtin) query.gtin = gtin;
  return new URLSearchParams(query as Record<string, string>).toString();
}

/** "Is it one of these?": catalogue products the new listing may be, for a query from matchesQueryString. */
export function useCatalogueMatches(query: string) {
  return useQuery({
    queryKey: queryKeys.seller.catalogueMatches(query),
    queryFn: () =>
      get<{ candidates: CatalogueCandidate[] }>(`/seller/products/matches?${query}`).then((r) => r.candidates),
    enabled: query !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
