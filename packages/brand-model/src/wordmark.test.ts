import { describe, expect, it } from 'vitest';
import { BRAND_CLASSES } from './classes';
import type { ReadOptions, TextReader } from './text-reader';
import { brandNamesOn, brandsNamedIn, firstNamesRead, READ_NAME_WEIGHT, withNamesRead } from './wordmark';

const sum = (values: ArrayLike<number>) => Array.from(values).reduce((a, b) => a + b, 0);

describe('brands named in the text of a photo', () => {
  it('finds a name in any case, among other words', () => {
    expect(brandsNamedIn(['LENOVO'])).toEqual(['Lenovo']);
    expect(brandsNamedIn(['Core i7', 'hp', 'ENERGY STAR'])).toEqual(['HP']);
    expect(brandsNamedIn(['Microsoft Surface'])).toEqual(['Microsoft']);
  });

  it('forgives a letter or two in the longer names, as a reader misreads them', () => {
    expect(brandsNamedIn(['ienovo'])).toEqual(['Lenovo']);
    expect(brandsNamedIn(['microsol'])).toEqual(['Microsoft']);
    expect(brandsNamedIn(['amsung'])).toEqual(['Samsung']);
  });

  it('reads spaced-out letters as one word', () => {
    expect(brandsNamedIn(['A S U S'])).toEqual(['Asus']);
  });

  it('names nothing from spec words, model numbers or near misses of the short names', () => {
    expect(brandsNamedIn(['Core i7', 'ENERGY STAR', 'spacer', 'Model A2338', 'dells', 'chip', 'hpe', 'lid'])).toEqual(
      [],
    );
    expect(brandsNamedIn([])).toEqual([]);
  });

  it('lists every brand named, in the classes’ order', () => {
    expect(brandsNamedIn(['samsung', 'dell'])).toEqual(['Dell', 'Samsung']);
  });
});

describe('the CNN’s answer with the names read', () => {
  const cnn = [0.05, 0.05, 0.1, 0.1, 0.5, 0.1, 0.05, 0.05]; // Apple, where the photo says Lenovo

  it('leaves the CNN’s answer as it is when nothing was read', () => {
    expect(Array.from(withNamesRead(cnn, []))).toEqual(Array.from(Float32Array.from(cnn)));
  });

  it('puts a brand whose name was read first, as sure as the reading, and still sums to one', () => {
    const out = withNamesRead(cnn, ['Lenovo']);
    expect(out[BRAND_CLASSES.indexOf('Lenovo')]).toBeCloseTo(READ_NAME_WEIGHT, 5);
    expect(sum(out)).toBeCloseTo(1, 5);
    // The others keep their order.
    expect(out[BRAND_CLASSES.indexOf('Apple')]).toBeGreaterThan(out[BRAND_CLASSES.indexOf('Acer')]!);
  });

  it('lets the CNN choose between two names read', () => {
    const out = withNamesRead(cnn, ['Dell', 'Acer']);
    expect(out[BRAND_CLASSES.indexOf('Acer')]).toBeGreaterThan(out[BRAND_CLASSES.indexOf('Dell')]!);
    expect(out[BRAND_CLASSES.indexOf('Acer')]! + out[BRAND_CLASSES.indexOf('Dell')]!).toBeCloseTo(READ_NAME_WEIGHT, 5);
  });

  it('gives a name read its share even when the CNN gave it nothing', () => {
    const sure = [1, 0, 0, 0, 0, 0, 0, 0];
    const out = withNamesRead(sure, ['Samsung']);
    expect(out[BRAND_CLASSES.indexOf('Samsung')]).toBeCloseTo(READ_NAME_WEIGHT, 5);
    expect(sum(out)).toBeCloseTo(1, 5);
  });
});

describe('the brands named on a photo', () => {
  const photo = { data: new Uint8Array(3), width: 1, height: 1, channels: 3 as const };
  /** A reader that reads `plain` from the photo as it is and `stretched` from it with its contrast stretched. */
  const reader = (plain: string[], stretched: string[]) => {
    const asked: ReadOptions[] = [];
    const fake: TextReader = {
      read: async (_image, options = {}) => {
        asked.push(options);
        return options.stretch ? stretched : plain;
      },
    };
    return { fake, asked };
  };

  it('reads the photo once when that names a brand', async () => {
    const { fake, asked } = reader(['DELL'], ['HP']);
    expect(await brandNamesOn(fake, photo)).toEqual({ brands: ['Dell'], lines: ['DELL'] });
    expect(asked).toEqual([{}]);
  });

  it('reads it again, contrast stretched and lines cut wider, when the first reading names none', async () => {
    const { fake, asked } = reader(['Core i7'], ['acer']);
    expect(await brandNamesOn(fake, photo)).toEqual({ brands: ['Acer'], lines: ['acer'] });
    expect(asked).toEqual([{}, { stretch: true, margin: 0.5 }]);
  });

  it('names nothing when neither reading does', async () => {
    const { fake } = reader([], ['ENERGY STAR']);
    expect((await brandNamesOn(fake, photo)).brands).toEqual([]);
  });
});

describe('readings side by side (the browser’s two workers)', () => {
  /** Readings that answer only when the test says: `answer(i, lines)` settles the i-th reading started. */
  const heldReadings = () => {
    const started: { options: ReadOptions; answer: (lines: string[]) => void; fail: (error: Error) => void }[] = [];
    const read = (options: ReadOptions) =>
      new Promise<string[]>((answer, fail) => started.push({ options, answer, fail }));
    return { read, started };
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('starts the second reading when `early` settles, before the first has answered, and gives the same answer', async () => {
    const { read, started } = heldReadings();
    let cnnDone!: () => void;
    const answer = firstNamesRead(read, { early: new Promise<void>((resolve) => (cnnDone = resolve)) });
    await settled();
    expect(started.map((r) => r.options)).toEqual([{}]);
    cnnDone();
    await settled();
    expect(started.map((r) => r.options)).toEqual([{}, { stretch: true, margin: 0.5 }]);
    // The second answers first; the first still decides, as read one after the other.
    started[1]!.answer(['acer']);
    started[0]!.answer(['Core i7']);
    expect(await answer).toEqual({ brands: ['Acer'], lines: ['acer'] });
  });

  it('answers with the first reading’s name without waiting for the second, whose failure then goes unheard', async () => {
    const { read, started } = heldReadings();
    const answer = firstNamesRead(read, { early: Promise.resolve() });
    await settled();
    started[0]!.answer(['DELL']);
    expect(await answer).toEqual({ brands: ['Dell'], lines: ['DELL'] });
    started[1]!.fail(new Error('the second worker stopped'));
    await settled();
  });

  it('starts no second reading once the first has named a brand, when `early` settles after', async () => {
    const { read, started } = heldReadings();
    let cnnDone!: () => void;
    const answer = firstNamesRead(read, { early: new Promise<void>((resolve) => (cnnDone = resolve)) });
    await settled();
    started[0]!.answer(['lenovo']);
    expect((await answer).brands).toEqual(['Lenovo']);
    cnnDone();
    await settled();
    expect(started).toHaveLength(1);
  });

  it('starts the second reading when the first names nothing, even if `early` never settles', async () => {
    const { read, started } = heldReadings();
    const answer = firstNamesRead(read, { early: new Promise<void>(() => undefined) });
    await settled();
    started[0]!.answer([]);
    await settled();
    started[1]!.answer(['hp']);
    expect(await answer).toEqual({ brands: ['HP'], lines: ['hp'] });
  });
});
