import type { BrandClass } from '@pricehub/brand-model/classes';

/** Below this top-1 probability the search asks the shopper to pick rather than guessing for them. */
export const CONFIDENT_PROBABILITY = 0.6;

export interface Guess {
  brand: BrandClass;
  probability: number;
}

export const percent = (probability: number): string => `${Math.round(probability * 100)}%`;

export const resultsPathFor = (brand: BrandClass): string => `/result?brand=${encodeURIComponent(brand)}`;
