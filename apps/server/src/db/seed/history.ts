import { shopPrice } from './catalogue';
import type { Prng } from './prng';
import { daysAgo } from './time';

export const HISTORY_DAYS = 90;

/**
 * Daily prices for the last 90 days, index = days ago, ending at today's price. Walking backwards, prices were
 * usually a little higher before (phones and laptops get cheaper), with the odd promotion.
 */
export function priceWalk(rng: Prng, current: number, changeProbability: number): number[] {
  const prices = [current];
  for (let d = 1; d < HISTORY_DAYS; d++) {
    const later = prices[d - 1]!;
    prices.push(rng.chance(changeProbability) ? shopPrice(later * (0.96 + rng.next() * 0.1)) : later);
  }
  return prices;
}

export interface HistoryPoint {
  price: number;
  inStock: boolean;
  recordedAt: Date;
}

/**
 * The points a price tracker would have stored: the first day, then only the days on which the price or the
 * stock changed. `outSinceDay` is when an item that is out of stock now went out (null when in stock).
 */
export function historyPoints(rng: Prng, prices: number[], outSinceDay: number | null, now: Date): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  const inStockOn = (d: number) => outSinceDay === null || d > outSinceDay;
  for (let d = HISTORY_DAYS - 1; d >= 0; d--) {
    const first = d === HISTORY_DAYS - 1;
    if (first || prices[d] !== prices[d + 1] || inStockOn(d) !== inStockOn(d + 1)) {
      points.push({ price: prices[d]!, inStock: inStockOn(d), recordedAt: daysAgo(now, d, rng.int(1, 9)) });
    }
  }
  return points;
}
