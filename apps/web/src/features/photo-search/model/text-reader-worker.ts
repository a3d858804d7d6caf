import type { RawImage } from '@pricehub/brand-model/preprocess';
import type { NamesRead } from '@pricehub/brand-model/wordmark';
import type { ReadReply, ReadRequest } from './text-reader.worker';

/*
 * The text reader runs in a worker of its own (text-reader.worker.ts): it is the slower half of a photo search
 * (0.15-0.5 s on a 2-core machine), and on the page's thread it would both hold up the CNN, which runs there, and
 * freeze the page. In its own thread it reads while the CNN looks, so the search takes about as long as the reading
 * (decision 053).
 */

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (read: NamesRead) => void; reject: (error: Error) => void }>();

function startWorker(): Worker {
  const started = new Worker(new URL('./text-reader.worker.ts', import.meta.url), {
    type: 'module',
    name: 'photo-search-text-reader',
  });
  started.addEventListener('message', (event: MessageEvent<ReadReply>) => {
    const reply = event.data;
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    if ('error' in reply) pending.reject(new Error(reply.error));
    else pending.resolve({ brands: reply.brands, lines: reply.lines });
  });
  // The worker's script could not load or run (a dropped connection): every reading waiting fails, and the next photo
  // starts a new worker.
  started.addEventListener('error', (event) => {
    event.preventDefault();
    if (worker === started) worker = null;
    started.terminate();
    for (const pending of waiting.values()) pending.reject(new Error(event.message || 'The text reader did not start'));
    waiting.clear();
  });
  return started;
}

/** The brands named on the photo and the lines read (`brandNamesOn`), read in the text reader's worker. */
export function readBrandNamesInWorker(image: RawImage): Promise<NamesRead> {
  const reader = (worker ??= startWorker());
  const id = nextId++;
  const request: ReadRequest = { id, image };
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // The pixels are copied, not transferred: the CNN reads them at the same time.
    reader.postMessage(request);
  });
}
