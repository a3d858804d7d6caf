import type { BrandClass } from '@pricehub/brand-model/classes';

/**
 * Below this top-1 probability the search does not open one brand's results: it offers the two likeliest brands
 * (NOT_SURE_CHOICES) and lets the shopper choose. Measured with the browser's test-time views on the held-out
 * renderer's ordinary set (packages/brand-model README, 400 photos): 26 of the 35 wrong answers fall below it, 316 of
 * the 365 right ones stay above, and when unsure the right brand is one of the two offered 65 times in 75, so 381 of
 * the 400 shoppers land on or are offered the right brand and 9 are sent to a wrong one.
 */
export const CONFIDENT_PROBABILITY = 0.6;

/** How many brands the "not sure" answer offers. */
export const NOT_SURE_CHOICES = 2;

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
