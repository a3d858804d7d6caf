import { BRAND_CLASSES, type BrandClass } from './classes';
import type { RawImage } from './preprocess';
import type { ReadOptions, TextReader } from './text-reader';

/*
 * A second opinion from text: the brand names a text reader (text-reader.ts) finds written in a photo, and how they
 * weigh against the CNN's guess. Shared by the browser, `evaluate-cli` and the tests.
 */

/** Each brand with a written name, and how many letters a reading of it may get wrong (Apple's mark has no word). */
const NAMES: readonly { name: string; brand: BrandClass; slack: number }[] = [
  { name: 'dell', brand: 'Dell', slack: 0 },
  { name: 'hp', brand: 'HP', slack: 0 },
  { name: 'acer', brand: 'Acer', slack: 0 },
  { name: 'lenovo', brand: 'Lenovo', slack: 1 },
  { name: 'asus', brand: 'Asus', slack: 0 },
  { name: 'microsoft', brand: 'Microsoft', slack: 2 },
  { name: 'samsung', brand: 'Samsung', slack: 1 },
];

/** Levenshtein distance, stopping early once it exceeds `limit` (then any value above `limit`). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The brands whose names are written in these lines of text. A word must be the name, or for the longer names
 * within a letter or two of it ("ienovo", "microsol", "amsung"), so spec words and model numbers ("Core i7",
 * "ENERGY STAR", "spacer") name nothing. A line's words are also tried run together: readers split spaced-out
 * letters ("A S U S").
 */
export function brandsNamedIn(lines: readonly string[]): BrandClass[] {
  const found = new Set<BrandClass>();
  for (const line of lines) {
    const words = line
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean);
    const candidates = words.length > 1 ? [...words, words.join('')] : words;
    for (const word of candidates) {
      for (const { name, brand, slack } of NAMES) {
        if (distance(word, name, slack) <= slack) found.add(brand);
      }
    }
  }
  return BRAND_CLASSES.filter((brand) => found.has(brand));
}

/**
 * How much of the probability a brand whose name was read takes. Measured on the two held-out renderers (package
 * README, "A second opinion from text"): of 540 photos where a name was read, none named a brand other than the one
 * shown, so a reading outweighs the CNN.
 */
export const READ_NAME_WEIGHT = 0.98;

/**
 * The CNN's probabilities (in BRAND_CLASSES order) with the names read taken into account: the brands read share
 * READ_NAME_WEIGHT in proportion to the CNN's own belief (so between two names read the CNN decides), the rest share
 * what is left. Nothing read: the CNN's answer unchanged.
 */
export function withNamesRead(probabilities: ArrayLike<number>, read: readonly BrandClass[]): Float32Array {
  const out = Float32Array.from(probabilities);
  if (read.length === 0) return out;
  const isRead = BRAND_CLASSES.map((brand) => read.includes(brand));
  // A small floor, so a name the CNN gave no weight at all still takes the reading's share.
  const floor = 1e-3;
  let readMass = 0;
  let otherMass = 0;
  for (let i = 0; i < out.length; i++) {
    if (isRead[i]) readMass += out[i]! + floor;
    else otherMass += out[i]!;
  }
  // When the CNN gave the others nothing, the names read take it all.
  const weight = otherMass > 0 ? READ_NAME_WEIGHT : 1;
  for (let i = 0; i < out.length; i++) {
    out[i] = isRead[i] ? (weight * (out[i]! + floor)) / readMass : ((1 - weight) * out[i]!) / (otherMass || 1);
  }
  return out;
}

/** What a photo's text says: the brands it names, and the lines read. */
export interface NamesRead {
  brands: BrandClass[];
  lines: string[];
}

/**
 * How a photo is read, until a reading names a brand: as it is; then with its contrast stretched, which finds faint
 * marks (and loses a few the first reading finds), each line's crop widened by half its height at both ends, which
 * completes names the first reading found clipped ("enov", "SUS", "DEL"). Both chosen on the training renderer's
 * sets (package README).
 */
export const READINGS: readonly ReadOptions[] = [{}, { stretch: true, margin: 0.5 }];

/**
 * The brands named on a photo, and the lines read (the last reading's, when none names a brand): the first of READINGS,
 * in order, whose lines name a brand. `read` does one reading (its options, and its place in READINGS); each starts
 * when the one before has named nothing. A reader that can do readings side by side (the browser's workers) gives
 * `early`: the later readings then also start when it settles, if the answer is not known by then. The answer is the
 * same either way.
 */
export async function firstNamesRead(
  read: (options: ReadOptions, index: number) => Promise<string[]>,
  { early }: { early?: Promise<unknown> | undefined } = {},
): Promise<NamesRead> {
  const started: Promise<string[]>[] = [];
  let answered = false;
  const start = (i: number) => {
    if (!started[i]) {
      started[i] = read(READINGS[i]!, i);
      // A reading started early but not needed (an earlier one named a brand) may still fail: nobody waits for it.
      started[i].catch(() => undefined);
    }
    return started[i];
  };
  const startTheRest = () => {
    if (!answered) for (let i = 1; i < READINGS.length; i++) start(i);
  };
  early?.then(startTheRest, startTheRest);
  try {
    let lines: string[] = [];
    for (let i = 0; i < READINGS.length; i++) {
      lines = await start(i);
      const brands = brandsNamedIn(lines);
      if (brands.length > 0) return { brands, lines };
    }
    return { brands: [], lines };
  } finally {
    answered = true;
  }
}

/** The brands named on a photo, read by one reader (`firstNamesRead`, one reading at a time). */
export const brandNamesOn = (reader: TextReader, image: RawImage): Promise<NamesRead> =>
  firstNamesRead((options) => reader.read(image, options));
