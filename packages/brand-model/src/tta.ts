import { MODEL_INPUT_SIZE } from './classes';
import { turnedPixels } from './preprocess';

/*
 * Test-time augmentation, shared by the browser (apps/web photo search) and evaluate-cli (its default views), so the
 * figures in the README are what the shopper gets. From the one preprocessed 224×224 input it makes a few views; the
 * model scores them in one batch and the answer is the mean of their probabilities. No DOM or Node imports.
 */

/**
 * The views the browser runs: the photo as taken, its centre zoomed in (small or distant marks), and the photo turned
 * 180° (a lid photographed upside down). Chosen on the training renderer's test seeds 9001/9002 (top-1 ordinary /
 * hard: one view 83.0% / 53.8%, identity + zoom 83.8% / 57.0%, these three 84.5% / 58.5%), never on the held-out
 * renderer. Three views cost about 70 ms in Chromium's CPU backend here.
 */
export const TTA_VIEWS: readonly TtaView[] = ['identity', 'zoom', 'turn'];

export type TtaView = 'identity' | 'zoom' | 'turn';

/** How far the `zoom` view enlarges the centre of the frame. */
const ZOOM = 1.3;

/** One view of a preprocessed HWC RGB image (`size`×`size`×3 floats), as a new array. */
export function makeView(input: Float32Array, view: TtaView, size: number = MODEL_INPUT_SIZE): Float32Array {
  if (view === 'identity') return input;
  if (view === 'turn') return turnedPixels(input, 3);
  const out = new Float32Array(input.length);
  // Centre zoom, bilinear.
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    const sy = centre + (y - centre) / ZOOM;
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    const y1 = Math.min(size - 1, y0 + 1);
    for (let x = 0; x < size; x++) {
      const sx = centre + (x - centre) / ZOOM;
      const x0 = Math.floor(sx);
      const fx = sx - x0;
      const x1 = Math.min(size - 1, x0 + 1);
      for (let c = 0; c < 3; c++) {
        const a = input[(y0 * size + x0) * 3 + c]!;
        const b = input[(y0 * size + x1) * 3 + c]!;
        const d = input[(y1 * size + x0) * 3 + c]!;
        const e = input[(y1 * size + x1) * 3 + c]!;
        const top = a + (b - a) * fx;
        out[(y * size + x) * 3 + c] = top + (d + (e - d) * fx - top) * fy;
      }
    }
  }
  return out;
}

/** The views stacked into one batch: `views.length`×size×size×3 floats. */
export function viewBatch(input: Float32Array, views: readonly TtaView[] = TTA_VIEWS): Float32Array {
  const batch = new Float32Array(input.length * views.length);
  views.forEach((view, i) => batch.set(makeView(input, view), i * input.length));
  return batch;
}

/** Mean of the per-view probabilities (`views`×`classes`, row-major) → one probability per class. */
export function meanOfViews(probabilities: ArrayLike<number>, views: number, classes: number): Float32Array {
  const out = new Float32Array(classes);
  for (let v = 0; v < views; v++) for (let c = 0; c < classes; c++) out[c]! += probabilities[v * classes + c]! / views;
  return out;
}
