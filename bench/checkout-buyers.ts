/**
 * The buyers' half of bench/checkout.ts, in a process of its own so that the load does not share the server's
 * event loop (real buyers are other machines). Reads {base, cookies, body} as JSON on stdin.
 *
 * Each buyer holds one keep-alive HTTP/1.1 connection, as a browser would, and first opens their cart (what a
 * shopper does on the way to paying); then every buyer sends the checkout at the same moment. The client is a
 * few lines over raw sockets rather than fetch, so that on a 2-core machine the load generator's own CPU does not
 * crowd out the server being measured. Talks to the bench over IPC: receives {base, cookies, body}, answers 'ready'
 * once every cart is open, checks out on 'go', and answers [{status, ms}], timed from the write to the last byte.
 */
import { connect, type Socket } from 'node:net';

interface Input {
  base: string;
  cookies: string[];
  body: string;
}

/** One connection that sends a request and resolves with the status once the whole response has arrived. */
class Buyer {
  private buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
  }

  static open(host: string, port: number): Promise<Buyer> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port }, () => resolve(new Buyer(socket)));
      socket.once('error', reject);
    });
  }

  request(head: string, body = ''): Promise<number> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(head + body);
    });
  }

  close(): void {
    this.socket.end();
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const headers = this.buffer.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
    if (this.buffer.length < end + 4 + length) return;
    this.buffer = this.buffer.subarray(end + 4 + length);
    const status = Number(headers.slice(9, 12));
    const done = this.waiting;
    this.waiting = null;
    done?.(status);
  }
}

/** The next message from the bench. */
const fromBench = <T>() => new Promise<T>((resolve) => process.once('message', (message) => resolve(message as T)));
const send = (message: unknown) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

const { base, cookies, body } = await fromBench<Input>();
const url = new URL(base);
const host = `${url.hostname}:${url.port}`;
const buyers = await Promise.all(cookies.map(() => Buyer.open(url.hostname, Number(url.port))));

const c0 = performance.now();
const cartStatuses = await Promise.all(
  buyers.map((b, i) => b.request(`GET /api/cart HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookies[i]}\r\n\r\n`)),
);
if (cartStatuses.some((s) => s !== 200)) throw new Error(`opening the carts: ${cartStatuses.join(' ')}`);
process.stderr.write(
  `  ${buyers.length} buyers have their cart open (${(performance.now() - c0).toFixed(0)} ms); all check out now\n`,
);
await send('ready');
await fromBench<'go'>();

const length = Buffer.byteLength(body);
const results = await Promise.all(
  buyers.map(async (b, i) => {
    const started = performance.now();
    const status = await b.request(
      `POST /api/checkout HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookies[i]}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
      body,
    );
    return { status, ms: performance.now() - started };
  }),
);
buyers.forEach((b) => b.close());
await send(results);
process.disconnect();
