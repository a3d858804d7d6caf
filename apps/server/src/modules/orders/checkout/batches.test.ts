import { describe, expect, it } from 'vitest';
import { SameTurnBatches, type Outcome } from './batches';

interface Item {
  buyer: number;
  name: string;
}

/** Batches whose run answers each item's name in capitals, or refuses names starting with "x"; every run is kept. */
function recorded(options: { failWhole?: (items: Item[]) => boolean; max?: number; hold?: Promise<void> } = {}) {
  const runs: string[][] = [];
  const batches = new SameTurnBatches<Item, string>(
    async (items) => {
      runs.push(items.map((i) => i.name));
      await options.hold;
      if (options.failWhole?.(items)) throw new Error(`batch of ${items.length} failed`);
      return items.map((i): Outcome<string> =>
        i.name.startsWith('x')
          ? { ok: false, error: new Error(`${i.name} refused`) }
          : { ok: true, value: i.name.toUpperCase() },
      );
    },
    (item) => item.buyer,
    options.max,
  );
  return { batches, runs };
}

describe('work asked for in the same turn, done together', () => {
  it('runs the items of one turn as one batch, in order, and answers each its own outcome', async () => {
    const { batches, runs } = recorded();
    const answers = await Promise.allSettled([
      batches.add({ buyer: 1, name: 'a' }),
      batches.add({ buyer: 2, name: 'xb' }),
      batches.add({ buyer: 3, name: 'c' }),
    ]);
    expect(runs).toEqual([['a', 'xb', 'c']]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('xb refused') },
      { status: 'fulfilled', value: 'C' },
    ]);
  });

  it('starts a later turn’s batch while an earlier one is still running', async () => {
    let release!: () => void;
    const { batches, runs } = recorded({ hold: new Promise((resolve) => (release = resolve)) });
    const first = batches.add({ buyer: 1, name: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    const second = batches.add({ buyer: 2, name: 'b' });
    await new Promise((resolve) => setImmediate(resolve));
    // Both are running, neither has answered.
    expect(runs).toEqual([['a'], ['b']]);
    release();
    expect(await Promise.all([first, second])).toEqual(['A', 'B']);
  });

  it('never puts one key twice in a batch, and splits a batch past its size', async () => {
    const { batches, runs } = recorded({ max: 2 });
    await Promise.all([
      batches.add({ buyer: 1, name: 'a' }),
      batches.add({ buyer: 1, name: 'a-again' }),
      batches.add({ buyer: 2, name: 'b' }),
      batches.add({ buyer: 3, name: 'c' }),
    ]);
    expect(runs).toEqual([
      ['a', 'b'],
      ['a-again', 'c'],
    ]);
  });

  it('runs each item of a batch that failed as a whole again alone: only the one that still fails is refused', async () => {
    // A batch fails whole while it holds "bad"; "bad" alone fails too, the others alone succeed.
    const { batches, runs } = recorded({ failWhole: (items) => items.some((i) => i.name === 'bad') });
    const answers = await Promise.allSettled([
      batches.add({ buyer: 1, name: 'a' }),
      batches.add({ buyer: 2, name: 'bad' }),
      batches.add({ buyer: 3, name: 'xc' }),
    ]);
    expect(runs).toEqual([['a', 'bad', 'xc'], ['a'], ['bad'], ['xc']]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('batch of 1 failed') },
      { status: 'rejected', reason: new Error('xc refused') },
    ]);
  });
});
