import { describe, expect, it, vi } from 'vitest';
import { brandsNamedIn } from '@pricehub/brand-model/wordmark';
import { BRAND_CLASSES } from '@pricehub/brand-model/classes';
import type { Guess } from './guesses';

// The CNN and the text reader run for real in packages/brand-model and in the e2e test; here, how their answers meet.
/** The CNN's probabilities, in BRAND_CLASSES order. */
let cnn: number[] = [];
let reading: () => Promise<string[]> = async () => [];
/** What the CNN waits for before it answers (nothing by default). */
let looking: Promise<unknown> = Promise.resolve();
/** The `early` promise the reader was given: it settles once the CNN has answered. */
let readerEarly: Promise<unknown> | undefined;
vi.mock('./read-photo', () => ({ readPhotoPixels: async () => ({ data: [], width: 1, height: 1, channels: 4 }) }));
vi.mock('./brand-predictor', () => ({
  predictBrand: async () => {
    await looking;
    return cnn;
  },
}));
vi.mock('./text-reader-worker', () => ({
  readBrandNamesInWorker: async (_image: unknown, early?: Promise<unknown>) => {
    readerEarly = early;
    const lines = await reading();
    return { brands: brandsNamedIn(lines), lines };
  },
}));

const { predictPhoto } = await import('./predict-photo');

/** What the CNN makes of the photo, most likely first (ties in BRAND_CLASSES order). */
const lookOfIt: Guess[] = [
  { brand: 'Samsung', probability: 0.83 },
  { brand: 'Lenovo', probability: 0.08 },
  { brand: 'Microsoft', probability: 0.08 },
  { brand: 'Dell', probability: 0.01 },
  { brand: 'HP', probability: 0 },
  { brand: 'Acer', probability: 0 },
  { brand: 'Apple', probability: 0 },
  { brand: 'Asus', probability: 0 },
];
const probabilitiesOf = (guesses: Guess[]) =>
  BRAND_CLASSES.map((brand) => guesses.find((g) => g.brand === brand)!.probability);

describe('predictPhoto', () => {
  it('puts the brand whose name is read on the photo first, and says what was read', async () => {
    cnn = probabilitiesOf(lookOfIt);
    reading = async () => ['Core i7', 'Lenovo'];
    const { guesses, nameRead } = await predictPhoto(new Blob());
    expect(guesses[0]).toEqual({ brand: 'Lenovo', probability: expect.closeTo(0.98, 3) });
    expect(guesses.map((g) => g.brand).slice(1, 3)).toEqual(['Samsung', 'Microsoft']);
    expect(guesses).toHaveLength(8);
    expect(nameRead).toBe('Lenovo');
  });

  it('shows the line read without the marks around it', async () => {
    cnn = probabilitiesOf(lookOfIt);
    reading = async () => [' (DELL) ', '“Dell Inc.”'];
    expect((await predictPhoto(new Blob())).nameRead).toBe('DELL');
  });

  it('leaves the CNN’s answer as it is when no name is read', async () => {
    cnn = probabilitiesOf(lookOfIt);
    reading = async () => ['ENERGY STAR'];
    expect(await predictPhoto(new Blob())).toEqual({ guesses: lookOfIt });
  });

  it('answers with the CNN alone when the text reader cannot load', async () => {
    cnn = probabilitiesOf(lookOfIt);
    reading = async () => {
      throw new Error('Failed to fetch');
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await predictPhoto(new Blob())).toEqual({ guesses: lookOfIt });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('tells the reader when the CNN is done with its core, so that a second reading can start then', async () => {
    cnn = probabilitiesOf(lookOfIt);
    reading = async () => [];
    let cnnAnswers!: () => void;
    looking = new Promise<void>((resolve) => (cnnAnswers = resolve));
    readerEarly = undefined;
    const verdict = predictPhoto(new Blob());
    let early = 'waiting';
    await vi.waitFor(() => expect(readerEarly).toBeDefined());
    void readerEarly!.then(() => (early = 'settled'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(early).toBe('waiting');
    cnnAnswers();
    await verdict;
    expect(early).toBe('settled');
    looking = Promise.resolve();
  });
});
