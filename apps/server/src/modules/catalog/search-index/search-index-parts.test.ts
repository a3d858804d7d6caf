import { describe, expect, it } from 'vitest';
import { eachTriple, eachTripleYielding, SlotsById } from './search-index';

/**
 * Parts of the search index read on their own: the popularity text the minute's read answers
 * (`id,views,units_sold;…`, SearchIndex.refreshPopularity), and the slots of product ids.
 */
describe('reading the popularity text', () => {
  const triples = (text: string) => {
    const out: number[][] = [];
    eachTriple(text, (a, b, c) => out.push([a, b, c]));
    return out;
  };

  it('reads every triple, the last without a separator, numbers of any length', () => {
    expect(triples('1,0,0;22,333,4444;1000000,2147483647,7')).toEqual([
      [1, 0, 0],
      [22, 333, 4444],
      [1000000, 2147483647, 7],
    ]);
    expect(triples('')).toEqual([]);
    expect(triples('5,6,7')).toEqual([[5, 6, 7]]);
  });

  it('reads a text in slices of any size, each triple once and in order', async () => {
    const text = Array.from({ length: 7 }, (_, i) => `${i + 1},${i * 10},${i * 100}`).join(';');
    for (const perSlice of [1, 2, 3, 7, 20]) {
      const out: number[][] = [];
      await eachTripleYielding(text, perSlice, (a, b, c) => out.push([a, b, c]));
      expect(out, `${perSlice} a slice`).toEqual(triples(text));
      expect(out).toHaveLength(7);
    }
  });
});

describe("a product id's slot", () => {
  it('is found for ids from 0 to far past the array, and none for an id never set', () => {
    const slots = new SlotsById();
    const ids = [0, 1, 1023, 1024, 5_000_000, 15_999_999, 16_000_000, 2_147_483_647];
    ids.forEach((id, slot) => slots.set(id, slot));
    expect(ids.map((id) => slots.get(id))).toEqual(ids.map((_, slot) => slot));
    expect(slots.get(2)).toBeUndefined();
    expect(slots.get(4_999_999)).toBeUndefined();
    expect(slots.get(20_000_000)).toBeUndefined();
    slots.set(1024, 9);
    expect(slots.get(1024)).toBe(9);
  });
});
