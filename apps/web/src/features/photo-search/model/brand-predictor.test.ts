import { beforeEach, describe, expect, it, vi } from 'vitest';

// TF.js's backends stand in here: which one the model is put on is what is checked. The real model runs on the wasm
// backend in the browser test of photo search (e2e/tests/photo-search.spec.ts).
const backends: string[] = [];
let wasmStarts: () => boolean = () => true;
vi.mock('@tensorflow/tfjs-backend-wasm', () => ({
  setWasmPaths: () => {
    if (!wasmStarts()) throw new Error('There were no entries found for the following binaries');
  },
}));
vi.mock('@tensorflow/tfjs', () => ({
  setBackend: async (name: string) => {
    backends.push(name);
    return true;
  },
  loadLayersModel: async () => ({ predict: () => ({ data: async () => new Float32Array(24), dispose() {} }) }),
  tidy: (work: () => unknown) => work(),
  tensor4d: () => ({}),
}));

const photo = { data: new Uint8ClampedArray(4 * 4 * 4), width: 4, height: 4, channels: 4 as const };

beforeEach(() => {
  backends.length = 0;
  // A fresh module each test: the model it opens is kept in the module.
  vi.resetModules();
});

describe('predictBrand', () => {
  it('runs the model on the wasm backend', async () => {
    wasmStarts = () => true;
    const { predictBrand } = await import('./brand-predictor');
    await predictBrand(photo);
    expect(backends).toEqual(['wasm']);
  });

  it('falls back to the CPU backend when the wasm backend cannot start, and still answers', async () => {
    wasmStarts = () => false;
    const { predictBrand } = await import('./brand-predictor');
    expect(Array.from(await predictBrand(photo))).toHaveLength(8);
    expect(backends).toEqual(['cpu']);
  });
});
