import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { registerWasmTrainingKernels } from './wasm-kernels';

/** Puts tfjs on the wasm backend in Node (the .wasm files ship inside the npm package) with the training kernels. */
export async function useWasmBackend(): Promise<void> {
  const require = createRequire(import.meta.url);
  const wasmDir = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/';
  setWasmPaths(wasmDir);
  // The threaded build needs browser workers; the SIMD build is what Node can run.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await tf.setBackend('wasm');
  await tf.ready();
  registerWasmTrainingKernels();
}
