import { BRAND_CLASSES } from './classes';

/*
 * What photo search does with the probabilities (the web app's photo-search panel), here so that `evaluate-cli` can
 * count what shoppers would get.
 */

/**
 * Below this top-1 probability photo search does not open one brand's results: it offers the NOT_SURE_CHOICES
 * likeliest brands and lets the shopper choose. Chosen on the held-out renderer's ordinary set with the CNN alone,
 * where 26 of 35 wrong answers fell below it and 316 of 365 right ones stayed above (package README).
 */
export const CONFIDENT_PROBABILITY = 0.6;

/** How many brands the "not sure" answer offers. */
export const NOT_SURE_CHOICES = 2;

/**
 * What a shopper gets from one photo: the right brand's results opened, or a "not sure" choice that offers the right
 * brand, or one that does not, or a wrong brand's results opened.
 */
export type Outcome = 'opened' | 'offered' | 'notOffered' | 'wrong';

/** The outcome for a photo of brand `actual` (an index of BRAND_CLASSES) given its probabilities. */
export function outcomeOf(probabilities: ArrayLike<number>, actual: number): Outcome {
  const ranked = BRAND_CLASSES.map((_, c) => c).sort((a, b) => probabilities[b]! - probabilities[a]!);
  const best = ranked[0]!;
  if (probabilities[best]! >= CONFIDENT_PROBABILITY) return best === actual ? 'opened' : 'wrong';
  return ranked.slice(0, NOT_SURE_CHOICES).includes(actual) ? 'offered' : 'notOffered';
}
