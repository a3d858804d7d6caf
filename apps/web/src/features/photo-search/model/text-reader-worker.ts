import type { RawImage } from '@pricehub/brand-model/preprocess';
import type { ReadOptions } from '@pricehub/brand-model/text-reader';
import { firstNamesRead, READINGS, type NamesRead } from '@pricehub/brand-model/wordmark';
import type { ReadReply, ReadRequest } from './text-reader.worker';

/*
 * The text reader runs in workers of its own (text-reader.worker.ts): it is the slower half of a photo search
 * (0.15-0.5 s on a 2-core machine), and on the page's thread it would both hold up the CNN, which runs there, and
 * freeze the page. In its own thread it reads while the CNN looks, so the search takes about as long as the reading
 * (decision 053).
 *
 * A photo is read up to twice (READINGS), the second reading needed only when the first names no brand, as it does
 * not in most photos. With two cores or more, each reading has its own worker, and the second starts as soon as the
 * CNN is done with its core: a photo read twice takes about as long as its slower reading plus the CNN, instead of
 * both readings one after the other (decision 054). With one core there is one worker, and the second reading waits
 * until the first has named nothing.
 */

interface Pending {
  resolve: (lines: string[]) => void;
  reject: (error: Error) => void;
}

/** One worker and the readings it has been sent. */
interface Reader {
  worker: Worker;
  waiting: Map<number, Pending>;
}

const readers: (Reader | undefined)[] = [];
let nextId = 0;

function startReader(slot: number): Reader {
  const worker = new Worker(new URL('./text-reader.worker.ts', import.meta.url), {
    type: 'module',
    name: `photo-search-text-reader-${slot + 1}`,
  });
  const reader: Reader = { worker, waiting: new Map() };
  worker.addEventListener('message', (event: MessageEvent<ReadReply>) => {
    const reply = event.data;
    const pending = reader.waiting.get(reply.id);
    if (!pending) return;
    reader.waiting.delete(reply.id);
    if ('error' in reply) pending.reject(new Error(reply.error));
    else pending.resolve(reply.lines);
  });
  // The worker's script could not load or run (a dropped connection): every reading waiting fails, and the next photo
  // starts a new worker.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    if (readers[slot] === reader) readers[slot] = undefined;
    worker.terminate();
    for (const pending of reader.waiting.values()) {
      pending.reject(new Error(event.message || 'The text reader did not start'));
    }
    reader.waiting.clear();
  });
  return reader;
}

function readIn(slot: number, image: RawImage, options: ReadOptions): Promise<string[]> {
  const reader = (readers[slot] ??= startReader(slot));
  const request: ReadRequest = { id: nextId++, image, options };
  return new Promise((resolve, reject) => {
    reader.waiting.set(request.id, { resolve, reject });
    // The pixels are copied, not transferred: the CNN reads them at the same time.
    reader.worker.postMessage(request);
  });
}

/** How many workers read: one per reading, where the machine has a core for each. */
const workerCount = () => ((navigator.hardwareConcurrency ?? 1) >= 2 ? READINGS.length : 1);

/**
 * The brands named on the photo and the lines read (`firstNamesRead`), read in the text reader's workers. The first
 * reading starts at once; with a worker for each, the second starts when `early` settles (the CNN is done with the
 * core it used) or when the first has named nothing, whichever comes first.
 */
export function readBrandNamesInWorker(image: RawImage, early?: Promise<unknown>): Promise<NamesRead> {
  const workers = workerCount();
  return firstNamesRead((options, index) => readIn(index % workers, image, options), {
    early: workers > 1 ? early : undefined,
  });
}
