import type { FastifyReply } from 'fastify';

/** A reply taken over from Fastify for server-sent events (the browser's EventSource). */
export interface EventStream {
  res: FastifyReply['raw'];
  /** One event; an `id` is what a reconnecting browser sends back as Last-Event-ID. */
  send(event: string, data: unknown, id?: number): void;
  stopHeartbeat(): void;
}

/**
 * Starts an event stream: `retryMs` is how long a dropped browser waits before reconnecting, and a comment line every
 * `heartbeatMs` keeps the connection open through proxies, which drop silent ones.
 */
export function startEventStream(reply: FastifyReply, retryMs: number, heartbeatMs: number): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${retryMs}\n\n`);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs);
  return {
    res,
    send: (event, data, id) =>
      res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    stopHeartbeat: () => clearInterval(heartbeat),
  };
}
