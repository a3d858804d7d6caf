import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { latestNotificationId, notificationsAfter } from './service';

export interface StreamOptions {
  pollMs: number;
  heartbeatMs: number;
}

/**
 * Server-sent events for one seller connection. Every server process may have written the notification, so
 * each connection polls the table (cheap: an indexed read of ids above the last one it sent) rather than
 * relying on in-process events. The returned function ends the stream.
 */
export async function openNotificationStream(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  storeId: number,
  options: StreamOptions,
): Promise<() => void> {
  let lastId = await latestNotificationId(ctx.db, storeId);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: 5000\nevent: ready\ndata: ${JSON.stringify({ lastId })}\n\n`);

  let closed = false;
  let polling = false;
  const poll = async () => {
    if (closed || polling) return;
    polling = true;
    try {
      const fresh = await notificationsAfter(ctx.db, storeId, lastId);
      for (const n of fresh) {
        if (closed) break;
        res.write(`id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
        lastId = n.id;
      }
    } catch (error) {
      request.log.warn({ err: error }, 'notification stream poll failed');
    } finally {
      polling = false;
    }
  };
  const pollTimer = setInterval(poll, options.pollMs);
  // Proxies drop silent connections; a comment line keeps this one open.
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), options.heartbeatMs);

  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(pollTimer);
    clearInterval(heartbeat);
    res.end();
  };
  request.raw.on('close', close);
  res.on('close', close);
  return close;
}
