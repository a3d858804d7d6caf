import { TRUNK_INPUT_SIZE } from './architecture';
import { PIXELS_PER_IMAGE } from './dataset';
import type { Rng } from './prng';

/**
 * On-the-fly photometric and geometric jitter for one stored image, written as 0-1 floats into `out`:
 * a small zoom/rotation/shift (bilinear, edges clamped), gain and offset per channel, sometimes greyscale or a
 * channel swap (logo colours are arbitrary, so colour must not be the cue).
 */
export function augmentInto(pixels: Uint8Array, slot: number, out: Float32Array, offset: number, rng: Rng): void {
  const T = TRUNK_INPUT_SIZE;
  const src = pixels.subarray(slot * PIXELS_PER_IMAGE, (slot + 1) * PIXELS_PER_IMAGE);
  const zoom = rng.range(0.88, 1.15);
  const angle = rng.range(-0.1, 0.1);
  const cos = Math.cos(angle) / zoom;
  const sin = Math.sin(angle) / zoom;
  const shiftX = rng.range(-8, 8);
  const shiftY = rng.range(-8, 8);
  const gain = rng.range(0.7, 1.3);
  const bias = rng.range(-0.12, 0.12);
  const channelGain = [0, 1, 2].map(() => gain * rng.range(0.92, 1.08));
  const grey = rng.chance(0.15);
  const order = rng.chance(0.3)
    ? rng.pick([
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
        [0, 2, 1],
        [1, 0, 2],
      ])
    : [0, 1, 2];
  const centre = (T - 1) / 2;
  const sample = [0, 0, 0];
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      const dx = x - centre;
      const dy = y - centre;
      const sx = Math.min(T - 1.001, Math.max(0, centre + cos * dx - sin * dy + shiftX));
      const sy = Math.min(T - 1.001, Math.max(0, centre + sin * dx + cos * dy + shiftY));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * T + x0) * 3;
      const i01 = i00 + 3;
      const i10 = i00 + T * 3;
      const i11 = i10 + 3;
      for (let c = 0; c < 3; c++) {
        const top = src[i00 + c]! + (src[i01 + c]! - src[i00 + c]!) * fx;
        const bottom = src[i10 + c]! + (src[i11 + c]! - src[i10 + c]!) * fx;
        sample[c] = (top + (bottom - top) * fy) / 255;
      }
      const o = offset + (y * T + x) * 3;
      if (grey) {
        const v = (0.299 * sample[0]! + 0.587 * sample[1]! + 0.114 * sample[2]!) * gain + bias;
        out[o] = out[o + 1] = out[o + 2] = Math.min(1, Math.max(0, v));
      } else {
        for (let c = 0; c < 3; c++) out[o + c] = Math.min(1, Math.max(0, sample[order[c]!]! * channelGain[c]! + bias));
      }
    }
  }
}

/** The stored image as the model sees it at evaluation: no jitter. */
export function plainInto(pixels: Uint8Array, slot: number, out: Float32Array, offset: number): void {
  const base = slot * PIXELS_PER_IMAGE;
  for (let i = 0; i < PIXELS_PER_IMAGE; i++) out[offset + i] = pixels[base + i]! / 255;
}
