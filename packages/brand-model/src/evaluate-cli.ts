import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from './classes';
import { decodePhoto, listFolder } from './dataset';
import { formatEvaluation, scorePredictions } from './evaluate';
import { loadModel } from './model-io';
import { useWasmBackend } from './node-backend';
import { preprocess } from './preprocess';
import { meanOfViews, TTA_VIEWS, viewBatch, type TtaView } from './tta';

/*
 * Scores a saved model on a folder of labelled photos (<dir>/<Class>/*), through the same preprocessing as the browser.
 *   npx tsx packages/brand-model/src/evaluate-cli.ts --data /tmp/brands-test [--model apps/web/public/models/brand]
 * --tta scores the mean over the browser's test-time views (tta.ts), or over a comma-separated list of views
 * (identity, zoom, turn): --tta browser | --tta identity,turn
 */
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    model: { type: 'string', default: 'apps/web/public/models/brand' },
    tta: { type: 'string' },
  },
});
if (!values.data) {
  console.error('Usage: evaluate-cli --data <dir with one subfolder per class> [--model <dir>]');
  process.exit(2);
}
await useWasmBackend();
const model = await loadModel(resolve(values.model!));
const views: readonly TtaView[] = !values.tta
  ? ['identity']
  : values.tta === 'browser'
    ? TTA_VIEWS
    : (values.tta.split(',') as TtaView[]);
const files = await listFolder(resolve(values.data));
const probabilities = new Float32Array(files.length * BRAND_CLASSES.length);
for (const [i, file] of files.entries()) {
  const input = preprocess(await decodePhoto(file.path));
  const batch = viewBatch(input, views);
  const p = tf.tidy(() =>
    (model.predict(tf.tensor4d(batch, [views.length, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3])) as tf.Tensor).dataSync(),
  );
  probabilities.set(meanOfViews(p, views.length, BRAND_CLASSES.length), i * BRAND_CLASSES.length);
}
console.log(
  formatEvaluation(
    values.tta ? `${values.data} (test-time views: ${views.join(', ')})` : values.data,
    scorePredictions(
      probabilities,
      files.map((f) => f.label),
    ),
  ),
);
