import { CONFIDENT_PROBABILITY } from '@pricehub/brand-model/answer';
import type { BrandClass } from '@pricehub/brand-model/classes';

// Below CONFIDENT_PROBABILITY the search does not open one brand's results: it offers the NOT_SURE_CHOICES likeliest
// brands. They live in packages/brand-model, where evaluate-cli counts what shoppers get with them.
export { CONFIDENT_PROBABILITY, NOT_SURE_CHOICES } from '@pricehub/brand-model/answer';

/** Runners-up shown as chips under a confident answer. */
export const OTHER_GUESSES = 2;

export interface Guess {
  brand: BrandClass;
  probability: number;
}

/** `guesses` most likely first. */
export const isConfident = (guesses: readonly Guess[]): boolean =>
  (guesses[0]?.probability ?? 0) >= CONFIDENT_PROBABILITY;

export const percent = (probability: number): string => `${Math.round(probability * 100)}%`;

export const resultsPathFor = (brand: BrandClass): string => `/result?brand=${encodeURIComponent(brand)}`;
