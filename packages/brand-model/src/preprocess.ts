import { MODEL_INPUT_SIZE } from './classes';

/** Raw decoded pixels, as a canvas ImageData or sharp's `.raw()` output gives them. */
export interface RawImage {
  data: ArrayLike<number>;
  width: number;
  height: number;
  /** 4 for RGBA (canvas), 3 for RGB. */
  channels: 3 | 4;
}

/**
 * Pixels turned 180°, as a new array of the same kind: the last pixel first, each pixel's `channels` values kept in
 * order. The CNN's turned view (tta.ts) and the text reader's turned lines (text-reader.ts) both use it.
 */
export function turnedPixels<T extends Float32Array | Uint8ClampedArray>(data: T, channels: number): T {
  const out = new (data.constructor as new (length: number) => T)(data.length);
  for (let o = 0, i = data.length - channels; i >= 0; o += channels, i -= channels) {
    for (let c = 0; c < channels; c++) out[o + c] = data[i + c]!;
  }
  return out;
}

/**
 * The single preprocessing step shared by the browser, the trainer and the tests: centre-crop the photo to a square
 * (a phone photo of a lid is usually portrait or landscape; squashing would distort the wordmark), resize it to
 * 224×224 by area averaging (so a 4000-px photo does not alias into noise), drop alpha, and scale to 0-1.
 * Returns HWC float32 RGB, ready for `tf.tensor4d(out, [1, 224, 224, 3])`.
 */
export function preprocess(image: RawImage, size: number = MODEL_INPUT_SIZE): Float32Array {
  const { data, width, height, channels } = image;
  if (width <= 0 || height <= 0 || data.length < width * height * channels) {
    throw new Error(`preprocess: ${width}×${height}×${channels} does not match ${data.length} values`);
  }
  const side = Math.min(width, height);
  const x0 = (width - side) / 2;
  const y0 = (height - side) / 2;
  const scale = side / size;
  const out = new Float32Array(size * size * 3);
  for (let oy = 0; oy < size; oy++) {
    const sy0 = y0 + oy * scale;
    const sy1 = sy0 + scale;
    for (let ox = 0; ox < size; ox++) {
      const sx0 = x0 + ox * scale;
      const sx1 = sx0 + scale;
      let r = 0;
      let g = 0;
      let b = 0;
      let weightSum = 0;
      // Area average over the source rectangle; partial pixels at the edges count by their overlap.
      for (let y = Math.floor(sy0); y < Math.ceil(sy1); y++) {
        const wy = Math.min(y + 1, sy1) - Math.max(y, sy0);
        if (wy <= 0) continue;
        const row = Math.min(y, height - 1) * width;
        for (let x = Math.floor(sx0); x < Math.ceil(sx1); x++) {
          const wx = Math.min(x + 1, sx1) - Math.max(x, sx0);
          if (wx <= 0) continue;
          const w = wx * wy;
          const i = (row + Math.min(x, width - 1)) * channels;
          r += data[i]! * w;
          g += data[i + 1]! * w;
          b += data[i + 2]! * w;
          weightSum += w;
        }
      }
      const o = (oy * size + ox) * 3;
      const norm = 1 / (255 * weightSum);
      out[o] = r * norm;
      out[o + 1] = g * norm;
      out[o + 2] = b * norm;
    }
  }
  return out;
}
