import * as tf from '@tensorflow/tfjs';
import { BRAND_CLASSES } from './classes';
import { decodePhoto, listFolder } from './dataset';
import { loadModel } from './model-io';
import { useWasmBackend } from './node-backend';
import { preprocess } from './preprocess';
await useWasmBackend();
const model = await loadModel('/work/main/apps/web/public/models/brand');
for (const f of await listFolder(process.argv[2]!)) {
  const input = preprocess(await decodePhoto(f.path));
  const p = Array.from(tf.tidy(() => (model.predict(tf.tensor4d(input, [1, 224, 224, 3])) as tf.Tensor).dataSync()));
  const best = p.indexOf(Math.max(...p));
  console.log(f.path, BRAND_CLASSES[f.label], BRAND_CLASSES[best], p[best]!.toFixed(3), p[f.label]!.toFixed(3));
}
