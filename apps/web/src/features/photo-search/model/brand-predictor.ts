import * as tf from '@tensorflow/tfjs';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from '@pricehub/brand-model/classes';
import { preprocess, type RawImage } from '@pricehub/brand-model/preprocess';
import { meanOfViews, TTA_VIEWS, viewBatch } from '@pricehub/brand-model/tta';

/*
 * Loaded with a dynamic import() only once a photo arrives, so TF.js (~1 MB) and the model never weigh on the
 * first page load.
 */

export const BRAND_MODEL_URL = '/models/brand/model.json';

let modelPromise: Promise<tf.LayersModel> | null = null;

async function openModel(): Promise<tf.LayersModel> {
  // The CPU backend: one 224-px inference is a fraction of a second, while WebGL first compiles its shaders, which
  // takes seconds on phones and hangs where the GPU is emulated in software.
  await tf.setBackend('cpu');
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
