import type { Db } from '../../db/client';
import { searchPricedProducts, visibleBrands, type KeywordMode, type PricedProduct } from '../catalog/queries';
import type { ProductFilters } from './question-parser';

/**
 * A catalogue product as the assistant quotes it: the lowest price a shopper can pay now, where, and its page. The
 * chat owns no table: the catalogue prices and finds the products (catalog/queries.ts).
 */
export interface CatalogueHit extends PricedProduct {
  url: string;
}

/** How many brands the parser learns from the catalogue. */
const BRANDS_LIMIT = 500;

/**
 * Tries the question's words strictly first, then loosely, then only as a ranking, so that "galaxy s24"
 * finds that phone and "a good laptop for coding" still answers with laptops.
 */
export async function findProducts(
  db: Db,
  filters: ProductFilters,
  options: { now: Date; limit: number },
): Promise<CatalogueHit[]> {
  const modes: KeywordMode[] = filters.keywords.length ? ['all', 'any', 'rank'] : ['rank'];
  for (const keywordMode of modes) {
    const products = await searchPricedProducts(db, filters, { ...options, keywordMode });
    if (products.length) return products.map((p) => ({ ...p, url: `/result/productHub/${p.id}` }));
  }
  return [];
}

/** Brands in the catalogue, so that the parser knows brands beyond its built-in list. */
export const catalogueBrands = (db: Db): Promise<string[]> => visibleBrands(db, BRANDS_LIMIT);
