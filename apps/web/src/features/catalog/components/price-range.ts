import { PAISA_PER_RUPEE } from '@pricehub/shared/rules/money';
import type { PriceBucket } from '@pricehub/shared/schemas/product';

/** What the price slider spans, in rupees (the unit of the URL's minPrice and maxPrice). */
export interface PriceBounds {
  min: number;
  max: number;
  step: number;
}

export interface PriceFilter {
  minPrice?: number;
  maxPrice?: number;
}

/** About a hundred steps over the range, each a round amount (1, 2 or 5 times a power of ten), at least Rs 1. */
function roundStep(range: number): number {
  const rough = Math.max(range / 100, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return step;
}

/**
 * The slider's span: the price buckets of the results (each Rs 5,000 wide, in paisa like every amount from the API),
 * widened to any price already asked for (rupees, as in the URL).
 * Null when there is nothing to span (no results and no price filter).
 */
export function priceBounds(buckets: PriceBucket[], filter: PriceFilter): PriceBounds | null {
  const asked = [filter.minPrice, filter.maxPrice].filter((p): p is number => p !== undefined);
  const lows = [...buckets.map((b) => b.min / PAISA_PER_RUPEE), ...asked];
  const highs = [...buckets.map((b) => b.max / PAISA_PER_RUPEE), ...asked];
  if (lows.length === 0) return null;
  const low = Math.min(...lows);
  const high = Math.max(...highs);
  const step = roundStep(high - low);
  const min = Math.floor(low / step) * step;
  const max = Math.max(Math.ceil(high / step) * step, min + step);
  return { min, max, step };
}

/** The filter a slider position asks for: an end at the edge of the span leaves that side open. */
export function sliderFilter([from, to]: [number, number], bounds: PriceBounds): PriceFilter {
  return {
    minPrice: from > bounds.min ? from : undefined,
    maxPrice: to < bounds.max ? to : undefined,
  };
}

/** Reads the typed prices (blank means open-ended); typed the wrong way round, they are swapped. */
export function typedFilter(min: string, max: string): PriceFilter {
  const read = (text: string) => {
    if (text.trim() === '') return undefined;
    const n = Number(text);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const low = read(min);
  const high = read(max);
  if (low !== undefined && high !== undefined && low > high) return { minPrice: high, maxPrice: low };
  return { minPrice: low, maxPrice: high };
}
