import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from './classes';
import { decodePhoto, listFolder } from './dataset';
import { formatEvaluation, scorePredictions, type Evaluation } from './evaluate';
import { loadModel } from './model-io';
import { useWasmBackend } from './node-backend';
import { preprocess } from './preprocess';

/*
 * The shipped model (apps/web/public/models/brand), through the same `preprocess` the browser uses, on small sets
 * committed in fixtures/: the training renderer with seeds 9101 and 9102, which training never uses (holdout,
 * holdout-hard), and the two held-out renderers, which training never sees at all (heldout-family, seed 31101, written
 * with `holdout-cli --size 112`; third-family, seed 41101, written with `render-third-cli --size 112`). CI never
 * trains: this only reads what was shipped.
 */
const modelDir = fileURLToPath(new URL('../../../apps/web/public/models/brand', import.meta.url));
const fixtures = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/*
 * Floors under what the shipped model scores on these fixtures (43/48, 14/24, 40/48 and 33/48; README has the large
 * test sets). Inference is deterministic, so they sit one image under those scores: a worse model (the previous one
 * scores 36/48, 9/24, 36/48 and 28/48), or broken preprocessing (about 12.5%), fails them.
 */
const MIN_ORDINARY_TOP1 = 42 / 48;
const MIN_HARD_TOP1 = 13 / 24;
const MIN_HELD_OUT_FAMILY_TOP1 = 39 / 48;
const MIN_SECOND_HELD_OUT_FAMILY_TOP1 = 32 / 48;

let model: tf.LayersModel;

async function evaluateFolder(dir: string): Promise<Evaluation> {
  const files = await listFolder(dir);
  const probabilities = new Float32Array(files.length * BRAND_CLASSES.length);
  for (const [i, file] of files.entries()) {
    const input = preprocess(await decodePhoto(file.path));
    const p = tf.tidy(() =>
      (model.predict(tf.tensor4d(input, [1, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3])) as tf.Tensor).dataSync(),
    );
    probabilities.set(p, i * BRAND_CLASSES.length);
  }
  return scorePredictions(
    probabilities,
    files.map((f) => f.label),
  );
}

describe('shipped brand model', () => {
  beforeAll(async () => {
    await useWasmBackend();
    model = await loadModel(modelDir);
  });

  it('takes a 224×224 RGB photo and answers one probability per brand, within the 5 MB budget', async () => {
    expect(model.inputs[0]!.shape).toEqual([null, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3]);
    expect(model.outputs[0]!.shape).toEqual([null, BRAND_CLASSES.length]);
    const bytes = (await stat(`${modelDir}/weights.bin`)).size + (await stat(`${modelDir}/model.json`)).size;
    expect(bytes).toBeLessThanOrEqual(5 * 1024 * 1024);
    const sum = tf.tidy(
      () => (model.predict(tf.zeros([1, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3])) as tf.Tensor).sum().dataSync()[0],
    );
    expect(sum).toBeCloseTo(1, 4);
  });

  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

  it(`recognises the ordinary held-out photos (top-1 ≥ ${pct(MIN_ORDINARY_TOP1)})`, async () => {
    const result = await evaluateFolder(fixtures('holdout'));
    expect(result.count).toBe(48);
    expect(result.top1, formatEvaluation('ordinary held-out', result)).toBeGreaterThanOrEqual(MIN_ORDINARY_TOP1);
  });

  it(`recognises the hard held-out photos: small, blurred, cluttered (top-1 ≥ ${pct(MIN_HARD_TOP1)})`, async () => {
    const result = await evaluateFolder(fixtures('holdout-hard'));
    expect(result.count).toBe(24);
    expect(result.top1, formatEvaluation('hard held-out', result)).toBeGreaterThanOrEqual(MIN_HARD_TOP1);
  });

  it(`recognises photos from the renderer it never trained on (top-1 ≥ ${pct(MIN_HELD_OUT_FAMILY_TOP1)})`, async () => {
    const result = await evaluateFolder(fixtures('heldout-family'));
    expect(result.count).toBe(48);
    expect(result.top1, formatEvaluation('held-out renderer', result)).toBeGreaterThanOrEqual(MIN_HELD_OUT_FAMILY_TOP1);
  });

  it(`recognises photos from a second renderer it never trained on (top-1 ≥ ${pct(MIN_SECOND_HELD_OUT_FAMILY_TOP1)})`, async () => {
    const result = await evaluateFolder(fixtures('third-family'));
    expect(result.count).toBe(48);
    expect(result.top1, formatEvaluation('second held-out renderer', result)).toBeGreaterThanOrEqual(
      MIN_SECOND_HELD_OUT_FAMILY_TOP1,
    );
  });
});
