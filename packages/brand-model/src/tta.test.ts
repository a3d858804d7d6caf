import { describe, expect, it } from 'vitest';
import { makeView, meanOfViews, TTA_VIEWS, viewBatch } from './tta';

const S = 8;
const ramp = () => Float32Array.from({ length: S * S * 3 }, (_, i) => (i % 97) / 97);

describe('test-time views', () => {
  it('turns the image 180° (twice is the original) and keeps each pixel’s colour', () => {
    const input = ramp();
    const turned = makeView(input, 'turn', S);
    expect(Array.from(turned.subarray(0, 3))).toEqual(Array.from(input.subarray(-3)));
    expect(makeView(turned, 'turn', S)).toEqual(input);
  });

  it('zooms into the centre: a flat image stays flat and the centre stays in place', () => {
    const flat = new Float32Array(S * S * 3).fill(0.25);
    expect(Array.from(makeView(flat, 'zoom', S)).every((v) => Math.abs(v - 0.25) < 1e-6)).toBe(true);
    // A bright square in the middle grows.
    const dot = new Float32Array(S * S * 3);
    for (const y of [3, 4]) for (const x of [3, 4]) dot.fill(1, (y * S + x) * 3, (y * S + x) * 3 + 3);
    const lit = (img: Float32Array) => img.reduce((n, v) => n + v, 0);
    expect(lit(makeView(dot, 'zoom', S))).toBeGreaterThan(lit(dot));
  });

  it('batches the browser views and averages their probabilities', () => {
    const input = new Float32Array(224 * 224 * 3).fill(0.5);
    expect(viewBatch(input).length).toBe(input.length * TTA_VIEWS.length);
    expect(Array.from(meanOfViews([0.9, 0.1, 0.5, 0.5], 2, 2)).map((v) => v.toFixed(2))).toEqual(['0.70', '0.30']);
  });
});
