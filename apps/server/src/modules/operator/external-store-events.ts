import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { startEventStream } from '../../http/event-stream';
import { findRun, toRun } from '../offers/runs';

/**
 * Server-sent events for one run: `progress` whenever the run's phase or count moves, then `report` with the
 * finished run, then the stream ends. The run may be executing on another server, so this polls its row. The
 * returned function ends the stream (the app calls it when closing).
 */
export function streamRunEvents(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  storeId: number,
  runId: number,
  pollMs: number,
): () => void {
  const { res, send, stopHeartbeat } = startEventStream(reply, 3_000, 20_000);
  let closed = false;
  let polling = false;
  let lastSent = '';
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    stopHeartbeat();
    res.end();
  };
  const poll = async () => {
    if (closed || polling) return;
    polling = true;
    try {
      const row = await findRun(ctx.db, storeId, runId);
      if (closed) return;
      if (!row) {
        send('gone', { runId });
        return close();
      }
      const run = toRun(row);
      if (run.status !== 'running') {
        send('report', run);
        return close();
      }
      const key = `${run.phase}:${run.done}:${run.total}`;
      if (key !== lastSent) {
        lastSent = key;
        send('progress', run);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'run event stream poll failed');
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(poll, pollMs);
  request.raw.on('close', close);
  res.on('close', close);
  void poll();
  return close;
}
