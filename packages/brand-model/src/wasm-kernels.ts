import * as tf from '@tensorflow/tfjs';
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';

/*
 * Training kernels for the wasm backend (see STACK.md, "Training the brand model"): tfjs-backend-wasm 4.22 has no
 * Conv2DBackpropFilter, so a conv net cannot train on it at all, and its Conv2DBackpropInput is ~10× slower than a
 * forward convolution. Both are rebuilt here from kernels the backend does have (BatchMatMul, Conv2D).
 */

type Conv2DAttrs = {
  strides: [number, number] | number;
  pad: 'same' | 'valid' | number | tf.backend_util.ExplicitPadding;
  dataFormat: 'NHWC' | 'NCHW';
  dimRoundingMode?: 'floor' | 'round' | 'ceil';
  filterShape?: [number, number, number, number];
  inputShape?: [number, number, number, number];
};

function kernelOf(name: string): tf.KernelConfig {
  const kernel = tf.getKernel(name, 'wasm');
  if (!kernel) throw new Error(`wasm backend has no ${name} kernel`);
  return kernel;
}

function heapOf(backend: BackendWasm, info: tf.TensorInfo): Float32Array {
  return backend.typedArrayFromHeap(info) as Float32Array;
}

/** dW = im2colᵀ(x) · dy, with the transposed patch matrix written straight into wasm memory. */
type KernelParams = Parameters<tf.KernelFunc>[0];

function conv2DBackpropFilter({ inputs, backend, attrs }: KernelParams): tf.TensorInfo {
  const wasm = backend as BackendWasm;
  const { x, dy } = inputs as unknown as { x: tf.TensorInfo; dy: tf.TensorInfo };
  const { strides, pad, dataFormat, dimRoundingMode, filterShape } = attrs as unknown as Conv2DAttrs;
  if (dataFormat === 'NCHW') throw new Error('Conv2DBackpropFilter: only NHWC is supported');
  const info = tf.backend_util.computeConv2DInfo(
    x.shape as [number, number, number, number],
    filterShape!,
    strides,
    1,
    pad,
    dimRoundingMode,
    false,
    'channelsLast',
  );
  const { batchSize: n, inHeight: h, inWidth: w, inChannels: c, outHeight: oh, outWidth: ow } = info;
  const { filterHeight: fh, filterWidth: fw, strideHeight: sh, strideWidth: sw, outChannels: oc } = info;
  const padTop = info.padInfo.top;
  const padLeft = info.padInfo.left;
  const positions = n * oh * ow;
  const patchSize = fh * fw * c;

  const colsT = wasm.makeOutput([1, patchSize, positions], 'float32');
  // Views are taken after every allocation: growing the wasm heap detaches earlier views.
  const cols = heapOf(wasm, colsT);
  const xs = heapOf(wasm, x);
  for (let i = 0; i < fh; i++) {
    for (let j = 0; j < fw; j++) {
      for (let ch = 0; ch < c; ch++) {
        let o = ((i * fw + j) * c + ch) * positions;
        for (let b = 0; b < n; b++) {
          for (let y = 0; y < oh; y++) {
            const iy = y * sh + i - padTop;
            if (iy < 0 || iy >= h) {
              cols.fill(0, o, o + ow);
              o += ow;
              continue;
            }
            const rowBase = (b * h + iy) * w;
            for (let xo = 0; xo < ow; xo++) {
              const ix = xo * sw + j - padLeft;
              cols[o++] = ix >= 0 && ix < w ? xs[(rowBase + ix) * c + ch]! : 0;
            }
          }
        }
      }
    }
  }
  const dyAsMatrix: tf.TensorInfo = { dataId: dy.dataId, shape: [1, positions, oc], dtype: 'float32' };
  const product = kernelOf('BatchMatMul').kernelFunc({
    inputs: { a: colsT, b: dyAsMatrix },
    backend: wasm,
    attrs: { transposeA: false, transposeB: false },
  }) as tf.TensorInfo;
  wasm.disposeData(colsT.dataId);
  return { dataId: product.dataId, shape: [fh, fw, c, oc], dtype: 'float32' };
}

let originalBackpropInput: tf.KernelConfig | undefined;

/**
 * For stride 1, dx is a forward convolution of dy with the filter rotated 180° and its in/out channels swapped,
 * padded by (filter − 1 − forward padding) on each side. Other strides keep the backend's own kernel.
 */
function conv2DBackpropInput({ inputs, backend, attrs }: KernelParams): tf.TensorInfo {
  const wasm = backend as BackendWasm;
  const { dy, filter } = inputs as unknown as { dy: tf.TensorInfo; filter: tf.TensorInfo };
  const { strides, pad, dataFormat, dimRoundingMode, inputShape } = attrs as unknown as Conv2DAttrs;
  const [fh, fw, inC, outC] = filter.shape as [number, number, number, number];
  const info = tf.backend_util.computeConv2DInfo(
    inputShape!,
    [fh, fw, inC, outC],
    strides,
    1,
    pad,
    dimRoundingMode,
    false,
    'channelsLast',
  );
  if (info.strideHeight !== 1 || info.strideWidth !== 1 || dataFormat === 'NCHW') {
    return originalBackpropInput!.kernelFunc({ inputs, backend, attrs }) as tf.TensorInfo;
  }
  const flipped = wasm.makeOutput([fh, fw, outC, inC], 'float32');
  const dst = heapOf(wasm, flipped);
  const src = heapOf(wasm, filter);
  for (let i = 0; i < fh; i++) {
    for (let j = 0; j < fw; j++) {
      const from = ((fh - 1 - i) * fw + (fw - 1 - j)) * inC * outC;
      const to = (i * fw + j) * outC * inC;
      for (let ci = 0; ci < inC; ci++) {
        for (let co = 0; co < outC; co++) dst[to + co * inC + ci] = src[from + ci * outC + co]!;
      }
    }
  }
  const { top, bottom, left, right } = info.padInfo;
  const explicit: tf.backend_util.ExplicitPadding = [
    [0, 0],
    [fh - 1 - top, fh - 1 - bottom],
    [fw - 1 - left, fw - 1 - right],
    [0, 0],
  ];
  const dx = kernelOf('Conv2D').kernelFunc({
    inputs: { x: dy, filter: flipped },
    backend: wasm,
    attrs: {
      strides: [1, 1],
      pad: explicit,
      dataFormat: 'NHWC',
      dilations: [1, 1],
      ...(dimRoundingMode ? { dimRoundingMode } : {}),
    },
  }) as tf.TensorInfo;
  wasm.disposeData(flipped.dataId);
  return dx;
}

let registered = false;

/** Adds the missing/slow training kernels to the wasm backend. Idempotent. */
export function registerWasmTrainingKernels(): void {
  if (registered) return;
  registered = true;
  if (!tf.getKernel('Conv2DBackpropFilter', 'wasm')) {
    tf.registerKernel({ kernelName: 'Conv2DBackpropFilter', backendName: 'wasm', kernelFunc: conv2DBackpropFilter });
  }
  originalBackpropInput = tf.getKernel('Conv2DBackpropInput', 'wasm');
  if (originalBackpropInput) tf.unregisterKernel('Conv2DBackpropInput', 'wasm');
  tf.registerKernel({ kernelName: 'Conv2DBackpropInput', backendName: 'wasm', kernelFunc: conv2DBackpropInput });
}
