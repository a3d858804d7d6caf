import * as tf from '@tensorflow/tfjs';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from './classes';

/** The trunk sees the photo at half resolution: 112 px keeps wordmarks legible where 56 px (STACK.md) confused them. */
export const TRUNK_INPUT_SIZE = MODEL_INPUT_SIZE / 2;

function addTrunkLayers(model: tf.Sequential, firstLayerInput?: number[]): void {
  // A learned 4×4 stride-2 layer does the first downsampling (a fixed 4× average-pool blurred small wordmarks);
  // everything after it works at 28×28 and below, which keeps a training step cheap on a busy 2-core machine.
  model.add(
    tf.layers.conv2d({
      ...(firstLayerInput ? { inputShape: firstLayerInput } : {}),
      filters: 16,
      kernelSize: 4,
      strides: 2,
      padding: 'same',
      activation: 'relu',
      kernelInitializer: 'heNormal',
    }),
  );
  model.add(tf.layers.maxPooling2d({ poolSize: 2 }));
  for (const filters of [32, 64]) {
    model.add(
      tf.layers.conv2d({ filters, kernelSize: 3, padding: 'same', activation: 'relu', kernelInitializer: 'heNormal' }),
    );
    model.add(tf.layers.maxPooling2d({ poolSize: 2 }));
  }
  for (let i = 0; i < 2; i++) {
    model.add(
      tf.layers.conv2d({
        filters: 128,
        kernelSize: 3,
        padding: 'same',
        activation: 'relu',
        kernelInitializer: 'heNormal',
      }),
    );
  }
  // Global max-pool: "is the mark anywhere in the frame", and it learned faster than average-pool (STACK.md).
  model.add(tf.layers.globalMaxPooling2d({}));
  model.add(tf.layers.dropout({ rate: 0.2 }));
  model.add(tf.layers.dense({ units: BRAND_CLASSES.length, activation: 'softmax' }));
}

/** What the trainer optimises: input already averaged down to 112×112 (the training pool is stored that way). */
export function buildTrunk(): tf.Sequential {
  const model = tf.sequential();
  addTrunkLayers(model, [TRUNK_INPUT_SIZE, TRUNK_INPUT_SIZE, 3]);
  return model;
}

/**
 * What ships: the same layers behind a 2×2 average pool, so the browser feeds the plain 224×224 output of
 * `preprocess`. Weights come from a trained trunk, in layer order.
 */
export function buildShippedModel(trunkWeights: tf.Tensor[]): tf.Sequential {
  const model = tf.sequential();
  model.add(tf.layers.averagePooling2d({ poolSize: 2, inputShape: [MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3] }));
  addTrunkLayers(model);
  model.setWeights(trunkWeights);
  return model;
}
