import { describe, expect, it } from 'vitest';
import { eachTriple, eachTripleYielding, SlotsById, TextOrder } from './search-index';

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

describe('items in the order of their texts', () => {
  it('finds those a prefix starts, in text order, through renames, new items and the merges of those', () => {
    const texts: (string | undefined)[] = ['pear', 'apple', undefined, 'apricot', 'banana', 'apple'];
    // Merged in once more than two are apart.
    const order = new TextOrder(
      () => texts.keys(),
      (i) => texts[i],
      2,
    );
    const all = () => true;
    expect(order.startingWith('ap', 10, all)).toEqual([1, 5, 3]);
    expect(order.startingWith('ap', 2, all)).toEqual([1, 5]);
    expect(order.startingWith('ap', 10, (i) => i !== 5)).toEqual([1, 3]);
    expect(order.startingWith('c', 10, all)).toEqual([]);
    expect(order.startingWith('', 10, all)).toEqual([1, 5, 3, 4, 0]);

    // Renamed and new, apart from the sorted ones until a merge: found where their new text puts them, never twice.
    texts[0] = 'apex';
    order.written(0);
    texts[6] = 'aardvark';
    order.written(6);
    expect(order.startingWith('ap', 10, all)).toEqual([0, 1, 5, 3]);
    expect(order.startingWith('a', 2, all)).toEqual([6, 0]);
    expect(order.startingWith('pe', 10, all)).toEqual([]);
    texts[4] = 'apple';
    order.written(4);
    texts[7] = 'cherry';
    order.written(7);
    expect(order.startingWith('ap', 10, all)).toEqual([0, 1, 4, 5, 3]);
    expect(order.startingWith('', 10, all)).toEqual([6, 0, 1, 4, 5, 3, 7]);
    expect(order.startingWith('b', 10, all)).toEqual([]);
  });
});
