/**
 * The figures a benchmark reports: printed by the benchmark itself, and appended as JSON lines to the file named
 * by BENCH_RESULTS when `npm run bench` (bench/run.ts) runs it, which prints them all as one table.
 */
import { appendFileSync } from 'node:fs';

export interface Figure {
  bench: string;
  database: string;
  figure: string;
  value: number;
  unit: string;
  /** The goal the value must meet, when the issue sets one. */
  goal?: { atMost?: number; atLeast?: number };
  /** A reference it is read against (hello-world's requests/s), for a ratio. */
  reference?: { name: string; value: number };
}

export const meets = (f: Pick<Figure, 'value' | 'goal'>): boolean =>
  (f.goal?.atMost === undefined || f.value <= f.goal.atMost) &&
  (f.goal?.atLeast === undefined || f.value >= f.goal.atLeast);

export function record(figure: Figure): void {
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** The p-th percentile of per-request times, nearest rank. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
