import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useWasmBackend } from './node-backend';

type Case = { name: string; x: number[]; f: number[]; strides: number; pad: 'same' | 'valid' };

const cases: Case[] = [
  { name: '3×3 same, stride 1', x: [2, 9, 7, 3], f: [3, 3, 3, 5], strides: 1, pad: 'same' },
  { name: '3×3 valid, stride 1', x: [2, 8, 8, 4], f: [3, 3, 4, 6], strides: 1, pad: 'valid' },
  { name: '5×5 same, stride 2', x: [1, 11, 10, 2], f: [5, 5, 2, 3], strides: 2, pad: 'same' },
];

/** Gradients of a conv's weighted sum with respect to its input and filter, on whichever backend is active. */
function convGradients(c: Case, xData: Float32Array, fData: Float32Array, weights: Float32Array) {
  return tf.tidy(() => {
    const x = tf.tensor4d(xData, c.x as [number, number, number, number]);
    const f = tf.tensor4d(fData, c.f as [number, number, number, number]);
    const grads = tf.grads((xi: tf.Tensor, fi: tf.Tensor) => {
      const y = tf.conv2d(xi as tf.Tensor4D, fi as tf.Tensor4D, c.strides, c.pad);
      return tf.sum(tf.mul(y, tf.tensor(weights.subarray(0, y.size), y.shape)));
    })([x, f]);
    return grads.map((g) => g.dataSync().slice() as Float32Array) as [Float32Array, Float32Array];
  });
}

function relativeError(a: Float32Array, b: Float32Array): number {
  let diff = 0;
  let norm = 0;
  for (let i = 0; i < a.length; i++) {
    diff += (a[i]! - b[i]!) ** 2;
    norm += b[i]! ** 2;
  }
  return Math.sqrt(diff / Math.max(norm, 1e-12));
}

describe('wasm training kernels', () => {
  beforeAll(async () => {
    await useWasmBackend();
  });

  for (const c of cases) {
    it(`match the CPU backend's conv gradients (${c.name})`, async () => {
      const random = (n: number) => Float32Array.from({ length: n }, (_, i) => Math.sin(i * 12.9898 + n) * 0.5);
      const xData = random(c.x.reduce((a, b) => a * b));
      const fData = random(c.f.reduce((a, b) => a * b));
      const weights = random(4096);

      await tf.setBackend('cpu');
      const [cpuDx, cpuDf] = convGradients(c, xData, fData, weights);
      await tf.setBackend('wasm');
      const [wasmDx, wasmDf] = convGradients(c, xData, fData, weights);

      expect(wasmDf.length).toBe(cpuDf.length);
      expect(relativeError(wasmDf, cpuDf)).toBeLessThan(1e-5);
      expect(relativeError(wasmDx, cpuDx)).toBeLessThan(1e-5);
    });
  }
});
