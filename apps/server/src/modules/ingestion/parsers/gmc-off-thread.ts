import { Worker } from 'node:worker_threads';
import type { FeedPart, ParseResult } from './types';

export type GmcWorkerRequest = { chunk: string } | { end: true };
export type GmcWorkerReply = { part: ParseResult; failed: boolean };

/** Chunks sent to the worker before their parts come back: it parses one while the next is read and the last used. */
const AHEAD = 4;

/**
 * `gmcFeedParts` (gmc.ts) on a worker thread, for a large feed: the same parts, in the same order. Reading the items
 * out of the XML is most of the work ingestion does in JavaScript; on its own thread it no longer holds up the
 * database's answers to the batch being written, and it runs on a second core. Parts of the chunks read before the
 * source failed come out first, then the source's error is thrown, as in-thread. A worker that dies ends the feed
 * with its error.
 */
export async function* gmcFeedPartsOffThread(text: AsyncIterable<string>, base: string): AsyncGenerator<FeedPart> {
  const worker = startWorker(base);
  const chunks = text[Symbol.asyncIterator]();
  const inFlight: Promise<GmcWorkerReply>[] = [];
  let sourceError: unknown;
  let sourceDone = false;
  try {
    for (;;) {
      while (!sourceDone && inFlight.length < AHEAD) {
        try {
          const next = await chunks.next();
          if (next.done) {
            sourceDone = true;
            inFlight.push(settled(worker.request({ end: true })));
          } else inFlight.push(settled(worker.request({ chunk: next.value })));
        } catch (error) {
          sourceError = error;
          sourceDone = true;
        }
      }
      const reply = inFlight.shift();
      if (!reply) break;
      const { part, failed } = await reply;
      const last = sourceDone && inFlight.length === 0 && sourceError === undefined;
      // The last reply answers the end of the feed: whether it was cut short is known only now.
      yield last ? { ...part, cutShort: failed } : part;
      if (failed && !last) return yield { items: [], failures: [], cutShort: true };
    }
    if (sourceError !== undefined) throw sourceError;
  } finally {
    void worker.stop();
  }
}

/** The promise, marked as handled: a reply left waiting when the feed stops early must not count as unhandled. */
function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

function startWorker(base: string) {
  // tsx is registered inside the worker too, so it can load the TypeScript module (as brand-model's trainer does).
  const url = new URL('./gmc-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); });`,
    // Its heap holds one chunk of text and the items read from it.
    { eval: true, workerData: { base }, resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 } },
  );
  // Replies come back in request order (the worker answers one message at a time), so a FIFO matches them up.
  const waiting: { resolve: (reply: GmcWorkerReply) => void; reject: (error: Error) => void }[] = [];
  let dead: Error | undefined;
  const fail = (error: Error) => {
    dead ??= error;
    for (const w of waiting.splice(0)) w.reject(error);
  };
  worker.on('message', (reply: GmcWorkerReply) => waiting.shift()?.resolve(reply));
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the feed's reader stopped (exit code ${code})`)));
  return {
    request(message: GmcWorkerRequest): Promise<GmcWorkerReply> {
      if (dead) return Promise.reject(dead);
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.postMessage(message);
      });
    },
    stop: () => worker.terminate(),
  };
}
