import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { buildTrunk, TRUNK_INPUT_SIZE } from './architecture';
import { augmentInto, plainInto } from './augment';
import { BRAND_CLASSES } from './classes';
import { PIXELS_PER_IMAGE } from './dataset';
import { useWasmBackend } from './node-backend';
import { createRng } from './prng';

/*
 * One data-parallel training worker: it holds its own copy of the trunk on its own wasm instance, and for each step
 * receives the current weights and a list of image slots, and answers with the gradients of the mean loss.
 */

export type WorkerRequest =
  | { type: 'init'; pools: Record<string, { pixels: Uint8Array; labels: Int32Array }> }
  | { type: 'step'; weights: Float32Array[]; pool: string; slots: number[]; seed: number }
  | { type: 'predict'; weights: Float32Array[]; pool: string; slots: number[] };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'grads'; grads: Float32Array[]; loss: number }
  | { type: 'predictions'; probabilities: Float32Array }
  | { type: 'error'; message: string };

const port = parentPort!;
let model: tf.Sequential;
let variables: tf.Variable[];
let pools: Record<string, { pixels: Uint8Array; labels: Int32Array }> = {};

function setWeights(weights: Float32Array[]): void {
  variables.forEach((v, i) => {
    const t = tf.tensor(weights[i]!, v.shape);
    v.assign(t);
    t.dispose();
  });
}

function batchInput(pool: string, slots: number[], seed: number | null): tf.Tensor4D {
  const T = TRUNK_INPUT_SIZE;
  const data = new Float32Array(slots.length * PIXELS_PER_IMAGE);
  const rng = createRng(seed ?? 0);
  slots.forEach((slot, k) => {
    if (seed === null) plainInto(pools[pool]!.pixels, slot, data, k * PIXELS_PER_IMAGE);
    else augmentInto(pools[pool]!.pixels, slot, data, k * PIXELS_PER_IMAGE, rng);
  });
  return tf.tensor4d(data, [slots.length, T, T, 3]);
}

async function handle(message: WorkerRequest): Promise<WorkerReply> {
  if (message.type === 'init') {
    await useWasmBackend();
    model = buildTrunk();
    variables = model.trainableWeights.map((w) => (w as unknown as { val: tf.Variable }).val);
    pools = message.pools;
    return { type: 'ready' };
  }
  setWeights(message.weights);
  if (message.type === 'predict') {
    const probabilities = tf.tidy(
      () => (model.predict(batchInput(message.pool, message.slots, null)) as tf.Tensor).dataSync() as Float32Array,
    );
    return { type: 'predictions', probabilities: probabilities.slice() };
  }
  const { pool, slots, seed } = message;
  const labels = slots.map((s) => pools[pool]!.labels[s]!);
  const { value, grads } = tf.tidy(() => {
    const x = batchInput(pool, slots, seed);
    const y = tf.oneHot(tf.tensor1d(labels, 'int32'), BRAND_CLASSES.length);
    return tf.variableGrads(() => {
      const probabilities = model.apply(x, { training: true }) as tf.Tensor;
      return tf.mean(tf.neg(tf.sum(tf.mul(y, tf.log(tf.clipByValue(probabilities, 1e-7, 1))), -1))) as tf.Scalar;
    }, variables);
  });
  const out = variables.map((v) => grads[v.name]!.dataSync().slice() as Float32Array);
  const loss = value.dataSync()[0]!;
  value.dispose();
  Object.values(grads).forEach((g) => g.dispose());
  return { type: 'grads', grads: out, loss };
}

port.on('message', (message: WorkerRequest) => {
  handle(message).then(
    (reply) => {
      const transfer =
        reply.type === 'grads'
          ? reply.grads.map((g) => g.buffer)
          : reply.type === 'predictions'
            ? [reply.probabilities.buffer]
            : [];
      port.postMessage(reply, transfer as ArrayBuffer[]);
    },
    (error: unknown) =>
      port.postMessage({
        type: 'error',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
