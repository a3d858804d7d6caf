import { CONFIDENT_PROBABILITY } from '@pricehub/brand-model/answer';
import { BRAND_CLASSES, type BrandClass } from '@pricehub/brand-model/classes';

// Below CONFIDENT_PROBABILITY the search does not open one brand's results: it offers the NOT_SURE_CHOICES likeliest
// brands. They live in packages/brand-model, where evaluate-cli counts what shoppers get with them.
export { CONFIDENT_PROBABILITY, NOT_SURE_CHOICES } from '@pricehub/brand-model/answer';

/** Runners-up shown as chips under a confident answer. */
export const OTHER_GUESSES = 2;

export interface Guess {
  brand: BrandClass;
  probability: number;
}

/** Every brand with its probability (given in BRAND_CLASSES order), most likely first. */
export const rankedGuesses = (probabilities: ArrayLike<number>): Guess[] =>
  BRAND_CLASSES.map((brand, i) => ({ brand, probability: probabilities[i] ?? 0 })).sort(
    (a, b) => b.probability - a.probability,
  );

/** `guesses` most likely first. */
export const isConfident = (guesses: readonly Guess[]): boolean =>
  (guesses[0]?.probability ?? 0) >= CONFIDENT_PROBABILITY;

export const percent = (probability: number): string => `${Math.round(probability * 100)}%`;

export const resultsPathFor = (brand: BrandClass): string => `/result?brand=${encodeURIComponent(brand)}`;
