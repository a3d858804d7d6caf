import { parentPort, workerData } from 'node:worker_threads';
import { GmcFeedReader } from './gmc';
import type { GmcWorkerReply, GmcWorkerRequest } from './gmc-off-thread';

/**
 * The worker side of `gmcFeedPartsOffThread` (gmc-off-thread.ts): one feed's reader. Each request is a chunk of text
 * (or the end), answered in order with the part it completed and whether the feed can be read on.
 */
const reader = new GmcFeedReader((workerData as { base: string }).base);
parentPort!.on('message', (request: GmcWorkerRequest) => {
  const part = 'chunk' in request ? reader.write(request.chunk) : reader.end();
  parentPort!.postMessage({ part, failed: reader.failed } satisfies GmcWorkerReply);
});
