import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
// The backend's builds, emitted by the build under assets/ with a hash in the name. A page that is not
// cross-origin isolated (the shop's, for Stripe's frames) cannot share memory between threads, so the SIMD build runs;
// the plain one is for a browser without SIMD. setWasmPaths wants all three named all the same.
import wasmPath from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimdPath from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreadedSimdPath from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from '@pricehub/brand-model/classes';
import { preprocess, type RawImage } from '@pricehub/brand-model/preprocess';
import { meanOfViews, TTA_VIEWS, viewBatch } from '@pricehub/brand-model/tta';

/*
 * Loaded with a dynamic import() only once a photo arrives, so TF.js (~1 MB) and the model never weigh on the
 * first page load.
 */

export const BRAND_MODEL_URL = '/models/brand/model.json';

let modelPromise: Promise<tf.LayersModel> | null = null;

/** Puts TF.js on its wasm backend; rejects or answers false where that cannot start. */
async function startWasmBackend(): Promise<boolean> {
  setWasmPaths({
    'tfjs-backend-wasm.wasm': wasmPath,
    'tfjs-backend-wasm-simd.wasm': wasmSimdPath,
    'tfjs-backend-wasm-threaded-simd.wasm': wasmThreadedSimdPath,
  });
  return tf.setBackend('wasm');
}

async function openModel(): Promise<tf.LayersModel> {
  // The wasm backend (XNNPACK's kernels), as evaluate-cli runs the model in Node, and the CPU backend (plain
  // JavaScript, several times slower) where it cannot start. Not WebGL: it first compiles its shaders, which takes
  // seconds on phones and hangs where the GPU is emulated in software.
  if (!(await startWasmBackend().catch(() => false))) await tf.setBackend('cpu');
  return tf.loadLayersModel(BRAND_MODEL_URL);
}

function loadBrandModel(): Promise<tf.LayersModel> {
  modelPromise ??= openModel().catch((error: unknown) => {
    // Let the next photo try again (e.g. after a dropped connection).
    modelPromise = null;
    throw error;
  });
  return modelPromise;
}

/**
 * The probability of each class, in BRAND_CLASSES order. Test-time augmentation: the photo and its zoomed-in centre
 * (TTA_VIEWS) go through the model as one batch and their probabilities are averaged, as `evaluate-cli` scores it.
 */
export async function predictBrand(image: RawImage): Promise<ArrayLike<number>> {
  const model = await loadBrandModel();
  const batch = viewBatch(preprocess(image), TTA_VIEWS);
  const output = tf.tidy(
    () => model.predict(tf.tensor4d(batch, [TTA_VIEWS.length, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3])) as tf.Tensor,
  );
  const probabilities = meanOfViews(await output.data(), TTA_VIEWS.length, BRAND_CLASSES.length);
  output.dispose();
  return probabilities;
}
