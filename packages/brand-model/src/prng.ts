/** mulberry32: small, fast and good enough to make a synthetic data set reproducible from one seed. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    normal: () => {
      const u = Math.max(next(), 1e-12);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
  };
}

export interface Rng {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  normal(): number;
}

/** Derives an independent per-image seed from a set's seed and the image's index (so images do not share streams). */
export function mixSeed(setSeed: number, index: number): number {
  let h = Math.imul(setSeed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 0x27d4eb2f, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f35b);
  h = Math.imul(h ^ (h >>> 13), 0x119de1f5);
  return (h ^ (h >>> 16)) >>> 0;
}
