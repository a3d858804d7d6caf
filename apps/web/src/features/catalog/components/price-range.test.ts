import { describe, expect, it } from 'vitest';
import { priceBounds, sliderFilter, typedFilter } from './price-range';

/** A bucket as the API sends it (paisa) starting at `min` rupees. */
const bucket = (min: number, count = 1) => ({ min: min * 100, max: (min + 5000) * 100, count });

describe('priceBounds', () => {
  it('spans the results from the lowest bucket to the top of the highest, in round steps', () => {
    // The "samsung" search of the issue: 22 buckets between Rs 40,000 and Rs 385,000.
    const bounds = priceBounds([bucket(40_000), bucket(120_000), bucket(380_000)], {});
    expect(bounds).toEqual({ min: 40_000, max: 385_000, step: 5000 });
  });

  it('takes smaller steps for a narrow range, and never a span of nothing', () => {
    expect(priceBounds([bucket(40_000)], {})).toEqual({ min: 40_000, max: 45_000, step: 50 });
    expect(priceBounds([], { minPrice: 700 })).toEqual({ min: 700, max: 701, step: 1 });
  });

  it('widens to a price asked for outside the results, and is null with neither', () => {
    expect(priceBounds([bucket(40_000)], { maxPrice: 100_000 })).toEqual({ min: 40_000, max: 100_000, step: 1000 });
    expect(priceBounds([], {})).toBeNull();
  });
});

describe('sliderFilter', () => {
  const bounds = { min: 40_000, max: 385_000, step: 5000 };

  it('leaves a side open when its thumb is at the end of the span', () => {
    expect(sliderFilter([40_000, 385_000], bounds)).toEqual({ minPrice: undefined, maxPrice: undefined });
    expect(sliderFilter([60_000, 385_000], bounds)).toEqual({ minPrice: 60_000, maxPrice: undefined });
    expect(sliderFilter([40_000, 100_000], bounds)).toEqual({ minPrice: undefined, maxPrice: 100_000 });
  });
});

describe('typedFilter', () => {
  it('reads blank as open-ended and swaps a range typed the wrong way round', () => {
    expect(typedFilter('', '90000')).toEqual({ minPrice: undefined, maxPrice: 90_000 });
    expect(typedFilter('90000', '20000')).toEqual({ minPrice: 20_000, maxPrice: 90_000 });
    expect(typedFilter(' ', 'abc')).toEqual({ minPrice: undefined, maxPrice: undefined });
  });
});
