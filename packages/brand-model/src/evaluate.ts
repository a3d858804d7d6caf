import { CONFIDENT_PROBABILITY, NOT_SURE_CHOICES, outcomeOf, type Outcome } from './answer';
import { BRAND_CLASSES } from './classes';

export interface Evaluation {
  count: number;
  top1: number;
  top3: number;
  /** confusion[actual][predicted] */
  confusion: number[][];
  /** How many photos had each outcome in photo search (answer.ts). */
  outcomes: Record<Outcome, number>;
}

/** Scores softmax outputs (row-major, one row of 8 per image) against labels. */
export function scorePredictions(probabilities: ArrayLike<number>, labels: ArrayLike<number>): Evaluation {
  const k = BRAND_CLASSES.length;
  const confusion = BRAND_CLASSES.map(() => new Array<number>(k).fill(0));
  let top1 = 0;
  let top3 = 0;
  const outcomes: Record<Outcome, number> = { opened: 0, offered: 0, notOffered: 0, wrong: 0 };
  for (let i = 0; i < labels.length; i++) {
    const row = Array.from({ length: k }, (_, c) => probabilities[i * k + c]!);
    const ranked = row.map((p, c) => [p, c] as const).sort((a, b) => b[0] - a[0]);
    const actual = labels[i]!;
    const predicted = ranked[0]![1];
    confusion[actual]![predicted]!++;
    if (predicted === actual) top1++;
    if (ranked.slice(0, 3).some(([, c]) => c === actual)) top3++;
    outcomes[outcomeOf(row, actual)]++;
  }
  const n = Math.max(labels.length, 1);
  return { count: labels.length, top1: top1 / n, top3: top3 / n, confusion, outcomes };
}

export function formatEvaluation(name: string, e: Evaluation): string {
  const width = 10;
  const pad = (s: string | number) => String(s).padStart(width);
  const lines = [
    `${name}: top-1 ${(e.top1 * 100).toFixed(1)}%, top-3 ${(e.top3 * 100).toFixed(1)}% on ${e.count} images`,
    `in photo search (sure from ${CONFIDENT_PROBABILITY * 100}%, else ${NOT_SURE_CHOICES} brands offered): ` +
      `${e.outcomes.opened} open the right brand, ${e.outcomes.offered} are offered it, ` +
      `${e.outcomes.notOffered} are offered others, ${e.outcomes.wrong} open a wrong brand`,
    `confusion (rows = actual, columns = predicted):`,
    pad('') + BRAND_CLASSES.map(pad).join(''),
    ...e.confusion.map((row, i) => pad(BRAND_CLASSES[i] ?? '') + row.map(pad).join('')),
  ];
  return lines.join('\n');
}
