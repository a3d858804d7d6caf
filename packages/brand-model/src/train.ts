import { writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { buildShippedModel, buildTrunk, TRUNK_INPUT_SIZE } from './architecture';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from './classes';
import {
  createPool,
  decodePhoto,
  PIXELS_PER_IMAGE,
  listFolder,
  poolCapacity,
  storeImage,
  type ImagePool,
} from './dataset';
import { formatEvaluation, scorePredictions, type Evaluation } from './evaluate';
import { generateSet, renderScene, sampleSeed, type Difficulty } from './generate';
import { loadModel, saveModel } from './model-io';
import { useWasmBackend } from './node-backend';
import { createRng } from './prng';
import { preprocess } from './preprocess';
import type { WorkerReply, WorkerRequest } from './train-worker';

export interface TrainOptions {
  /** A folder with one subfolder per class, or undefined to train on generated scenes. */
  dataDir?: string;
  outDir: string;
  reportPath?: string;
  /** A saved model (model.json + weights.bin, same architecture) to start from instead of random weights. */
  initDir?: string;
  minutes: number;
  /** Optimiser steps to stop after (0 = no limit): the budget that does not depend on how busy the machine is. */
  maxSteps: number;
  workers: number;
  batchSize: number;
  learningRate: number;
  /** Generated mode: images per class kept in the training pool, and the share of hard scenes in it. */
  perClass: number;
  hardFraction: number;
  trainSeed: number;
  /** Seeds of the held-out sets; training never renders with them. */
  validationSeed: number;
  testSeed: number;
  validationPerClass: number;
  testPerClass: number;
  checkpointMinutes: number;
  /** Learning-rate warm-up, in optimiser steps. */
  warmupSteps: number;
  /** Generated mode: images per class rendered before training starts, then one new image per this many trained. */
  primePerClass: number;
  imagesPerRender: number;
  log: (line: string) => void;
}

type EvalSet = { name: string; pool: ImagePool };

/** Adam on plain arrays: the weights live in the main thread; workers only compute gradients. */
class Adam {
  private m: Float32Array[];
  private v: Float32Array[];
  private t = 0;
  constructor(shapes: Float32Array[]) {
    this.m = shapes.map((w) => new Float32Array(w.length));
    this.v = shapes.map((w) => new Float32Array(w.length));
  }
  step(weights: Float32Array[], grads: Float32Array[], lr: number): void {
    this.t++;
    const b1 = 0.9;
    const b2 = 0.999;
    const c1 = 1 - b1 ** this.t;
    const c2 = 1 - b2 ** this.t;
    weights.forEach((w, i) => {
      const g = grads[i]!;
      const m = this.m[i]!;
      const v = this.v[i]!;
      for (let j = 0; j < w.length; j++) {
        const gj = g[j]!;
        const mj = (m[j] = b1 * m[j]! + (1 - b1) * gj);
        const vj = (v[j] = b2 * v[j]! + (1 - b2) * gj * gj);
        w[j]! -= (lr * (mj / c1)) / (Math.sqrt(vj / c2) + 1e-7);
      }
    });
  }
}

class WorkerHandle {
  private worker: Worker;
  // Replies come back in request order (the worker handles one message at a time), so a FIFO matches them up.
  private pending: ((reply: WorkerReply) => void)[] = [];
  constructor() {
    // tsx must be registered inside the worker too, so it can load the TypeScript worker module.
    const url = new URL('./train-worker.ts', import.meta.url).href;
    this.worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); });`,
      { eval: true },
    );
    this.worker.on('message', (reply: WorkerReply) => {
      this.pending.shift()?.(reply);
    });
    this.worker.on('error', (error) => {
      throw error;
    });
  }
  request(message: WorkerRequest): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      this.pending.push((reply) => (reply.type === 'error' ? reject(new Error(reply.message)) : resolve(reply)));
      this.worker.postMessage(message);
    });
  }
  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

async function renderPool(
  seed: number,
  perClass: number,
  difficulty: Difficulty,
  log: (l: string) => void,
  name: string,
): Promise<ImagePool> {
  const pool = createPool(perClass * BRAND_CLASSES.length);
  const images = await generateSet({ seed, perClass, hardFraction: difficulty === 'hard' ? 1 : 0 });
  images.forEach((img, i) =>
    storeImage(pool, i, img.label, {
      data: img.pixels,
      width: MODEL_INPUT_SIZE,
      height: MODEL_INPUT_SIZE,
      channels: 3,
    }),
  );
  pool.size = images.length;
  log(`rendered ${name}: ${images.length} images (seed ${seed}, ${difficulty})`);
  return pool;
}

/** Splits a folder of real photos into a training pool and a held-out pool (every 7th photo of each class). */
async function loadFolderPools(
  dir: string,
  log: (l: string) => void,
): Promise<{ train: ImagePool; heldOut: ImagePool }> {
  const files = await listFolder(dir);
  if (files.length === 0) throw new Error(`No images under ${dir}/<Class>/`);
  const heldOutFiles = files.filter(
    (_, i) => files.slice(0, i).filter((f) => f.label === files[i]!.label).length % 7 === 3,
  );
  const trainFiles = files.filter((f) => !heldOutFiles.includes(f));
  const fill = async (list: typeof files) => {
    const pool = createPool(Math.max(list.length, 1));
    for (const [i, f] of list.entries()) storeImage(pool, i, f.label, await decodePhoto(f.path));
    pool.size = list.length;
    return pool;
  };
  const counts = BRAND_CLASSES.map((c, i) => `${c} ${files.filter((f) => f.label === i).length}`).join(', ');
  log(`folder ${dir}: ${files.length} photos (${counts}); ${heldOutFiles.length} held out`);
  return { train: await fill(trainFiles), heldOut: await fill(heldOutFiles) };
}

export async function train(options: TrainOptions): Promise<void> {
  const { log } = options;
  const started = Date.now();
  const deadline = started + options.minutes * 60_000;
  await useWasmBackend();

  let trainPool!: ImagePool; // assigned by the folder or the generated branch below
  let validation: EvalSet[];
  let refill: (() => Promise<void>) | null = null;
  if (options.dataDir) {
    const { train: t, heldOut } = await loadFolderPools(options.dataDir, log);
    trainPool = t;
    validation = [{ name: 'held-out', pool: heldOut }];
  } else if (options.validationPerClass <= 0) {
    // No validation set: every checkpoint saves the latest weights (evaluate them afterwards with evaluate-cli).
    validation = [];
  } else {
    validation = [
      {
        name: 'validation ordinary',
        pool: await renderPool(
          options.validationSeed,
          options.validationPerClass,
          'ordinary',
          log,
          'validation ordinary',
        ),
      },
      {
        name: 'validation hard',
        pool: await renderPool(options.validationSeed + 1, options.validationPerClass, 'hard', log, 'validation hard'),
      },
    ];
  }
  if (!options.dataDir) {
    trainPool = createPool(options.perClass * BRAND_CLASSES.length);
    let rendered = 0;
    // Fill the pool, then keep replacing random slots with new scenes so later epochs see fresh images.
    refill = async () => {
      const label = rendered % BRAND_CLASSES.length;
      const seed = sampleSeed(options.trainSeed, label, Math.floor(rendered / BRAND_CLASSES.length));
      const difficulty: Difficulty = createRng(seed ^ 0xd1ff).next() < options.hardFraction ? 'hard' : 'ordinary';
      const pixels = await renderScene({ brand: BRAND_CLASSES[label]!, seed, difficulty });
      const capacity = poolCapacity(trainPool);
      const slot = trainPool.size < capacity ? trainPool.size : Math.floor(Math.random() * capacity);
      storeImage(trainPool, slot, label, {
        data: pixels,
        width: MODEL_INPUT_SIZE,
        height: MODEL_INPUT_SIZE,
        channels: 3,
      });
      if (trainPool.size < capacity) trainPool.size++;
      rendered++;
    };
    // Start small and let the pool grow during training: on a busy machine a render costs more than a training step.
    const initial = Math.min(poolCapacity(trainPool), options.primePerClass * BRAND_CLASSES.length);
    await Promise.all(
      [0, 1].map(async () => {
        while (trainPool.size < initial) await refill!();
      }),
    );
    log(`training pool primed with ${trainPool.size} images; more are rendered while training`);
  }

  const trunk = buildTrunk();
  const weights = trunk.trainableWeights.map((w) => w.read().dataSync().slice() as Float32Array);
  const shapes = trunk.trainableWeights.map((w) => w.shape as number[]);
  if (options.initDir) {
    // The shipped model is the trunk behind a weightless average-pool, so its weights are the trunk's, in order.
    const start = (await loadModel(options.initDir)).getWeights();
    if (start.length !== weights.length || start.some((t, i) => t.size !== weights[i]!.length)) {
      throw new Error(`${options.initDir} does not have this architecture's weights`);
    }
    start.forEach((t, i) => weights[i]!.set(t.dataSync()));
    log(`starting from the weights in ${options.initDir}`);
  }
  log(`trunk: ${weights.reduce((n, w) => n + w.length, 0)} parameters`);
  const adam = new Adam(weights);

  const workers = Array.from({ length: options.workers }, () => new WorkerHandle());
  const pools: Record<string, { pixels: Uint8Array; labels: Int32Array }> = { train: trainPool };
  for (const v of validation) pools[v.name] = v.pool;
  await Promise.all(workers.map((w) => w.request({ type: 'init', pools })));
  log(`${workers.length} worker(s) ready`);

  const predict = async (name: string, pool: ImagePool): Promise<Evaluation> => {
    const slots = Array.from({ length: pool.size }, (_, i) => i);
    const chunk = Math.ceil(slots.length / workers.length);
    const parts = await Promise.all(
      workers.map(async (w, i) => {
        const mine = slots.slice(i * chunk, (i + 1) * chunk);
        const probabilities: Float32Array[] = [];
        for (let s = 0; s < mine.length; s += 32) {
          const reply = await w.request({ type: 'predict', weights, pool: name, slots: mine.slice(s, s + 32) });
          if (reply.type === 'predictions') probabilities.push(reply.probabilities);
        }
        return probabilities;
      }),
    );
    const all = Float32Array.from(parts.flat().flatMap((p) => Array.from(p)));
    return scorePredictions(all, pool.labels.subarray(0, pool.size));
  };

  let best = -1;
  let bestWeights = weights.map((w) => w.slice());
  const checkpoint = async () => {
    if (validation.length === 0) {
      bestWeights = weights.map((w) => w.slice());
      const { bytes } = await saveShipped(bestWeights, shapes, options.outDir);
      log(`checkpoint: latest weights saved (${(bytes / 1024).toFixed(0)} KB)`);
      return;
    }
    const results = await Promise.all(
      validation.map(async (v) => ({ name: v.name, e: await predict(v.name, v.pool) })),
    );
    const score = results.reduce((s, r) => s + r.e.top1, 0) / results.length;
    const summary = results.map((r) => `${r.name} ${(r.e.top1 * 100).toFixed(1)}%`).join(', ');
    if (score > best) {
      best = score;
      bestWeights = weights.map((w) => w.slice());
      const { bytes } = await saveShipped(bestWeights, shapes, options.outDir);
      log(`checkpoint: ${summary} — best so far, saved (${(bytes / 1024).toFixed(0)} KB)`);
    } else {
      log(`checkpoint: ${summary} — not better than ${(best * 100).toFixed(1)}%`);
    }
  };

  const rng = createRng(options.trainSeed ^ 0x7a11);
  let step = 0;
  let seen = 0;
  let lossSum = 0;
  let lastLog = Date.now();
  let lastCheckpoint = Date.now();
  let renderedWhileTraining = 0;
  let rendering: Promise<void> | null = null;
  const warmupSteps = options.warmupSteps;
  const trainStart = Date.now();
  const stepsDone = () => options.maxSteps > 0 && step >= options.maxSteps;
  while (Date.now() < deadline && !stepsDone()) {
    // Whichever budget runs out first (wall clock or steps) drives the schedule.
    const progress = Math.max(
      (Date.now() - trainStart) / Math.max(deadline - trainStart, 1),
      options.maxSteps > 0 ? step / options.maxSteps : 0,
    );
    // Warm up, then cosine-decay to a tenth of the rate by the deadline.
    const lr =
      options.learningRate *
      Math.min(1, (step + 1) / warmupSteps) *
      (0.1 + 0.9 * 0.5 * (1 + Math.cos(Math.PI * progress)));
    const slots = Array.from({ length: options.batchSize }, () => Math.floor(rng.next() * trainPool.size));
    const share = Math.ceil(slots.length / workers.length);
    if (refill && !rendering && renderedWhileTraining * options.imagesPerRender < seen) {
      // One new scene for every ~4 images trained on, rendered on sharp's threads while the workers compute.
      rendering = refill().then(() => {
        renderedWhileTraining++;
        rendering = null;
      });
    }
    const replies = await Promise.all(
      workers.map((w, i) =>
        w.request({
          type: 'step',
          weights,
          pool: 'train',
          slots: slots.slice(i * share, (i + 1) * share),
          seed: rng.int(1, 2 ** 31),
        }),
      ),
    );
    const grads = weights.map((w) => new Float32Array(w.length));
    let loss = 0;
    for (const reply of replies) {
      if (reply.type !== 'grads') continue;
      reply.grads.forEach((g, i) => {
        const sum = grads[i]!;
        for (let j = 0; j < g.length; j++) sum[j]! += g[j]! / replies.length;
      });
      loss += reply.loss / replies.length;
    }
    adam.step(weights, grads, lr);
    step++;
    seen += slots.length;
    lossSum += loss;
    if (Date.now() - lastLog > 60_000) {
      const elapsed = (Date.now() - trainStart) / 1000;
      log(
        `step ${step}, ${seen} images, loss ${(lossSum / 50).toFixed(3)} (last steps), lr ${lr.toExponential(2)}, ${(seen / elapsed).toFixed(1)} img/s, pool ${trainPool.size}, ${Math.round((deadline - Date.now()) / 60_000)} min left`,
      );
      lastLog = Date.now();
    }
    if (step % 50 === 0) lossSum = 0;
    if (Date.now() - lastCheckpoint > options.checkpointMinutes * 60_000) {
      await checkpoint();
      lastCheckpoint = Date.now();
    }
  }
  await rendering;
  await checkpoint();
  await Promise.all(workers.map((w) => w.terminate()));
  log(`training stopped after ${step} steps, ${seen} images, ${((Date.now() - started) / 60_000).toFixed(1)} min`);

  // Final report on the shipped model, through the browser's path: 224×224 render → preprocess → model.
  const shipped = buildShippedModel(bestWeights.map((w, i) => tf.tensor(w, shapes[i])));
  const report: Record<string, Evaluation> = {};
  if (options.dataDir) {
    report['held-out'] = evaluateTrunk(bestWeights, shapes, validation[0]!.pool);
  } else {
    for (const difficulty of options.testPerClass > 0 ? (['ordinary', 'hard'] as const) : []) {
      const seed = options.testSeed + (difficulty === 'hard' ? 1 : 0);
      const images = await generateSet({
        seed,
        perClass: options.testPerClass,
        hardFraction: difficulty === 'hard' ? 1 : 0,
      });
      const probabilities = new Float32Array(images.length * BRAND_CLASSES.length);
      images.forEach((img, i) => {
        const input = preprocess({ data: img.pixels, width: MODEL_INPUT_SIZE, height: MODEL_INPUT_SIZE, channels: 3 });
        const p = tf.tidy(() =>
          (shipped.predict(tf.tensor4d(input, [1, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3])) as tf.Tensor).dataSync(),
        );
        probabilities.set(p, i * BRAND_CLASSES.length);
      });
      report[`test ${difficulty} (seed ${seed})`] = scorePredictions(
        probabilities,
        images.map((img) => img.label),
      );
    }
  }
  for (const [name, e] of Object.entries(report)) log(formatEvaluation(name, e));
  if (options.reportPath) {
    await writeFile(
      options.reportPath,
      JSON.stringify(
        {
          finishedAt: new Date().toISOString(),
          steps: step,
          images: seen,
          minutes: options.minutes,
          options: { ...options, log: undefined },
          report,
        },
        null,
        2,
      ),
    );
  }
}

async function saveShipped(weights: Float32Array[], shapes: number[][], dir: string) {
  const tensors = weights.map((w, i) => tf.tensor(w, shapes[i]));
  const model = buildShippedModel(tensors);
  const result = await saveModel(model, dir);
  tensors.forEach((t) => t.dispose());
  model.dispose();
  return result;
}

/** Scores a stored (112×112) pool with the trunk in this thread: used once the workers are gone. */
function evaluateTrunk(weights: Float32Array[], shapes: number[][], pool: ImagePool): Evaluation {
  const trunk = buildTrunk();
  trunk.setWeights(weights.map((w, i) => tf.tensor(w, shapes[i])));
  const probabilities = new Float32Array(pool.size * BRAND_CLASSES.length);
  for (let i = 0; i < pool.size; i++) {
    const input = Float32Array.from(
      pool.pixels.subarray(i * PIXELS_PER_IMAGE, (i + 1) * PIXELS_PER_IMAGE),
      (v) => v / 255,
    );
    const p = tf.tidy(() =>
      (trunk.predict(tf.tensor4d(input, [1, TRUNK_INPUT_SIZE, TRUNK_INPUT_SIZE, 3])) as tf.Tensor).dataSync(),
    );
    probabilities.set(p, i * BRAND_CLASSES.length);
  }
  return scorePredictions(probabilities, pool.labels.subarray(0, pool.size));
}
