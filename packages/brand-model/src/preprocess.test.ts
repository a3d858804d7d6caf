import { describe, expect, it } from 'vitest';
import { MODEL_INPUT_SIZE } from './classes';
import { preprocess } from './preprocess';

const solid = (width: number, height: number, channels: 3 | 4, rgb: [number, number, number]) => {
  const data = new Uint8ClampedArray(width * height * channels);
  for (let i = 0; i < width * height; i++) {
    data.set(rgb, i * channels);
    if (channels === 4) data[i * channels + 3] = 255;
  }
  return { data, width, height, channels };
};

describe('preprocess', () => {
  it('returns 224×224×3 floats scaled to 0-1, whatever the input size', () => {
    const out = preprocess(solid(640, 480, 4, [255, 128, 0]));
    expect(out.length).toBe(MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3);
    expect(out[0]).toBeCloseTo(1, 5);
    expect(out[1]).toBeCloseTo(128 / 255, 5);
    expect(out[2]).toBeCloseTo(0, 5);
  });

  it('gives the same tensor for RGBA (canvas) and RGB (sharp) pixels', () => {
    const rgba = solid(300, 300, 4, [10, 20, 30]);
    const rgb = solid(300, 300, 3, [10, 20, 30]);
    const a = preprocess(rgba);
    const b = preprocess(rgb);
    expect(a.every((v, i) => v === b[i])).toBe(true);
  });

  it('centre-crops a landscape photo instead of squashing it', () => {
    // Left and right thirds are black, the centre square is white: after the crop everything is white.
    const width = 672;
    const height = 224;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 224; x < 448; x++) data.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
    const out = preprocess({ data, width, height, channels: 3 });
    expect(out.every((v) => Math.abs(v - 1) < 1e-6)).toBe(true);
  });

  it('is an exact identity on a 224×224 image', () => {
    const data = Uint8Array.from({ length: MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3 }, (_, i) => (i * 37) % 256);
    const out = preprocess({ data, width: MODEL_INPUT_SIZE, height: MODEL_INPUT_SIZE, channels: 3 });
    expect(out[1000]).toBeCloseTo(data[1000]! / 255, 6);
  });

  it('rejects pixel data that does not match the stated size', () => {
    expect(() => preprocess({ data: new Uint8Array(10), width: 10, height: 10, channels: 3 })).toThrow();
  });
});
