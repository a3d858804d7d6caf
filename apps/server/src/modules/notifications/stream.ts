import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { startEventStream } from '../../http/event-stream';
import type { StoreListener } from './listener';
import { latestNotificationId, notificationsAfter } from './service';

export interface StreamOptions {
  heartbeatMs: number;
}

/**
 * Server-sent events for one seller connection. The stream reads nothing while idle: the process's one LISTEN
 * (listener.ts) wakes it when a writer in any process signals its store, and it then reads the rows after the last
 * one it sent. The returned function ends the stream and removes it from the listener.
 */
export async function openNotificationStream(
  ctx: AppContext,
  listener: StoreListener,
  request: FastifyRequest,
  reply: FastifyReply,
  storeId: number,
  options: StreamOptions,
): Promise<() => void> {
  let lastId = await latestNotificationId(ctx.db, storeId);
  const stream = startEventStream(reply, 5_000, options.heartbeatMs);
  const { res } = stream;
  stream.send('ready', { lastId });

  let closed = false;
  let reading = false;
  let again = false;
  const read = async () => {
    if (closed) return;
    // A wake while reading means another read afterwards, so a row committed mid-read is not left behind.
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const fresh = await notificationsAfter(ctx.db, storeId, lastId);
        for (const n of fresh) {
          if (closed) break;
          stream.send('notification', n, n.id);
          lastId = n.id;
        }
        // A page of 50 may leave more behind.
        if (fresh.length === 50) again = true;
      } while (again && !closed);
    } catch (error) {
      request.log.warn({ err: error }, 'notification stream read failed');
    } finally {
      reading = false;
    }
  };
  // The safety re-check tells the newest id; only a stream behind it reads.
  const wake = (newestId?: number) => {
    if (newestId === undefined || newestId > lastId) void read();
  };
  let unsubscribe = () => {};
  const close = () => {
    if (closed) return;
    closed = true;
    stream.stopHeartbeat();
    unsubscribe();
    // The connection goes with the stream: left open for keep-alive, it would hold a server's close (and so a
    // shutdown) until the client dropped it. A browser's EventSource reconnects on a new one anyway.
    res.end(() => res.socket?.destroy());
  };
  // The response's close, not the request's: a request "closes" once it has been read, long before a stream ends.
  res.on('close', close);
  const remove = await listener.subscribe(storeId, wake);
  if (closed) remove();
  else unsubscribe = remove;
  // A notification written between the first read and the LISTEN taking effect is caught here.
  void read();
  return close;
}
