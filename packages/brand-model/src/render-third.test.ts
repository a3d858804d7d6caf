import { describe, expect, it } from 'vitest';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from './classes';
import { renderThird } from './render-third';

describe('renderThird', () => {
  it('renders the same bytes for the same seed, and different bytes for another seed', async () => {
    const a = await renderThird({ brand: 'Acer', seed: 1234, difficulty: 'ordinary' });
    const b = await renderThird({ brand: 'Acer', seed: 1234, difficulty: 'ordinary' });
    const c = await renderThird({ brand: 'Acer', seed: 1235, difficulty: 'ordinary' });
    expect(a.length).toBe(MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('renders every brand in both difficulties', async () => {
    for (const brand of BRAND_CLASSES) {
      for (const difficulty of ['ordinary', 'hard'] as const) {
        for (const seed of [7, 8]) {
          const pixels = await renderThird({ brand, seed, difficulty });
          expect(pixels.length).toBe(MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3);
          // Not a flat image.
          let min = 255;
          let max = 0;
          for (let i = 0; i < pixels.length; i += 7) {
            min = Math.min(min, pixels[i]!);
            max = Math.max(max, pixels[i]!);
          }
          expect(max - min).toBeGreaterThan(10);
        }
      }
    }
  });
});
