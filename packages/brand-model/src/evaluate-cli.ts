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
import { brandNamesOn, withNamesRead } from './wordmark';

/*
 * Scores photo search on a folder of labelled photos (<dir>/<Class>/*) as the browser runs it: the same
 * preprocessing, the CNN's mean over the test-time views (tta.ts), and the brand names the text reader finds
 * (text-reader.ts, wordmark.ts).
 *   npx tsx packages/brand-model/src/evaluate-cli.ts --data /tmp/brands-test [--model apps/web/public/models/brand]
 * --tta chooses the views: browser (the default) or a comma-separated list of identity, zoom, turn.
 * --no-read-text leaves the text reader out; --model-only scores the CNN alone on the photo (one view, no text).
 */
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    model: { type: 'string', default: 'apps/web/public/models/brand' },
    tta: { type: 'string', default: 'browser' },
    'read-text': { type: 'boolean', default: true },
    'model-only': { type: 'boolean', default: false },
  },
  allowNegative: true,
});
if (!values.data) {
  console.error('Usage: evaluate-cli --data <dir with one subfolder per class> [--model <dir>]');
  process.exit(2);
}
await useWasmBackend();
const model = await loadModel(resolve(values.model!));
const modelOnly = values['model-only'];
const views: readonly TtaView[] = modelOnly
  ? ['identity']
  : values.tta === 'browser'
    ? TTA_VIEWS
    : (values.tta!.split(',') as TtaView[]);
const reader =
  values['read-text'] && !modelOnly ? await (await import('./node-text-reader')).openNodeTextReader() : undefined;
const files = await listFolder(resolve(values.data));
let namesRead = 0;
/** Photos where the names read leave out the brand shown. */
let misread = 0;
const probabilities = new Float32Array(files.length * BRAND_CLASSES.length);
for (const [i, file] of files.entries()) {
  const photo = await decodePhoto(file.path);
  const batch = viewBatch(preprocess(photo), views);
  const p = tf.tidy(() =>
    (model.predict(tf.tensor4d(batch, [views.length, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3])) as tf.Tensor).dataSync(),
  );
  const read = reader ? (await brandNamesOn(reader, photo)).brands : [];
  if (read.length > 0) namesRead++;
  if (read.length > 0 && !read.includes(BRAND_CLASSES[file.label]!)) misread++;
  probabilities.set(withNamesRead(meanOfViews(p, views.length, BRAND_CLASSES.length), read), i * BRAND_CLASSES.length);
}
const described = `test-time views: ${views.join(', ')}; ${reader ? `a name read in ${namesRead}, another brand's in ${misread}` : 'no text reader'}`;
console.log(
  formatEvaluation(
    `${values.data} (${described})`,
    scorePredictions(
      probabilities,
      files.map((f) => f.label),
    ),
  ),
);
