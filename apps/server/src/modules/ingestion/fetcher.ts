import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { guardedLookup, PrivateAddressError, refuseLiteralPrivateHost } from './private-addresses';
import { parseRobots, type RobotsRules } from './robots';

export interface FetcherOptions {
  userAgent: string;
  timeoutMs?: number;
  retries?: number;
  /** First retry waits this long, then twice as long each time. */
  backoffMs?: number;
  perHostConcurrency?: number;
  /** Pause between two requests to the same host. */
  delayMs?: number;
  maxBytes?: number;
  /** A feed read as it arrives (openFeed) is never held whole; this only stops one that never ends. */
  maxFeedBytes?: number;
  /** Redirects followed for one page; each must stay on the host of the page asked for. */
  maxRedirects?: number;
  /** Fetch from loopback, private and link-local addresses too (INGEST_ALLOW_PRIVATE=1: tests, development). */
  allowPrivate?: boolean;
}

export class FetchError extends Error {}

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  body: string;
}

/** A response whose body is read as it arrives, decompressed. */
export interface OpenedFeed {
  url: string;
  contentType: string;
  /** The body's size in bytes when the server states it and sends it unencoded. */
  length?: number;
  body: AsyncIterable<Buffer>;
  /** Drops the connection when the body will not be read to its end. */
  close(): void;
}

interface Answer extends FetchedPage {
  /** A redirect's target, not yet followed. */
  location?: string;
  /** The body as it arrives, when asked for as a stream (it is then not in `body`). */
  stream?: Pick<OpenedFeed, 'body' | 'close' | 'length'>;
}

type BodyMode = 'whole' | 'stream';

interface HostQueue {
  active: number;
  waiting: (() => void)[];
  lastStart: number;
  robots?: Promise<RobotsRules>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function httpUrl(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new FetchError(`unsupported URL ${url.slice(0, 200)}`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new FetchError(`unsupported URL ${url}`);
  return target;
}

/**
 * A polite HTTP client for store pages: obeys robots.txt, runs at most N requests at once per host with a pause
 * between them, gives up on slow or huge pages, and retries 5xx and timeouts with backoff. It fetches what
 * strangers write, so it follows redirects only within the host asked for and, on every hop, connects only to
 * public addresses (checked after DNS resolution) unless `allowPrivate`.
 */
export class PoliteFetcher {
  private readonly hosts = new Map<string, HostQueue>();
  private readonly o: Required<FetcherOptions>;

  constructor(options: FetcherOptions) {
    this.o = {
      timeoutMs: 10_000,
      retries: 3,
      backoffMs: 500,
      perHostConcurrency: 2,
      delayMs: 200,
      maxBytes: 5 * 1024 * 1024,
      maxFeedBytes: 1024 * 1024 * 1024,
      maxRedirects: 5,
      allowPrivate: false,
      ...options,
    };
  }

  async fetch(url: string): Promise<FetchedPage> {
    const page = await this.follow(httpUrl(url), true);
    if (page.status >= 400) throw new FetchError(`HTTP ${page.status}`);
    return page;
  }

  /**
   * Opens a source whose body is read as it arrives (a feed of any size), with the same checks as `fetch`. Retries
   * end once the body starts; after that, a pause longer than the timeout, or a body past `maxFeedBytes`, fails the
   * read where it is.
   */
  async openFeed(url: string): Promise<OpenedFeed> {
    const page = await this.follow(httpUrl(url), true, 'stream');
    if (page.status >= 400) {
      discard(page);
      throw new FetchError(`HTTP ${page.status}`);
    }
    return { url: page.url, contentType: page.contentType, ...page.stream! };
  }

  /** The most a page read whole (not a feed) may hold. */
  get pageLimit(): number {
    return this.o.maxBytes;
  }

  /** Follows redirects within the host of `start`, checking robots.txt on every hop when asked. */
  private async follow(start: URL, obeyRobots: boolean, mode: BodyMode = 'whole'): Promise<Answer> {
    let target = start;
    for (let hop = 0; ; hop++) {
      if (obeyRobots) {
        const queue = this.host(target.origin);
        queue.robots ??= this.loadRobots(target.origin);
        const robots = await queue.robots;
        if (!robots.allows(target.pathname + target.search)) throw new FetchError('disallowed by robots.txt');
      }
      const page = await this.withRetries(target.origin, target.toString(), mode);
      if (page.location === undefined) return page;
      if (hop >= this.o.maxRedirects) throw new FetchError(`more than ${this.o.maxRedirects} redirects`);
      const next = httpUrl(new URL(page.location, target).toString());
      if (next.host !== start.host) throw new FetchError(`redirected to another host (${next.host})`);
      target = next;
    }
  }

  /** A 5xx answer or a timeout is tried again after a growing pause; the last failure is thrown. */
  private async withRetries(origin: string, url: string, mode: BodyMode): Promise<Answer> {
    let attempt = 0;
    for (;;) {
      try {
        const page = await this.throttled(origin, () => this.once(url, mode));
        if (page.status >= 500) {
          discard(page);
          throw new RetryableError(`HTTP ${page.status}`);
        }
        return page;
      } catch (error) {
        if (!(error instanceof RetryableError) || attempt >= this.o.retries) {
          throw error instanceof FetchError ? error : new FetchError((error as Error).message);
        }
        await sleep(this.o.backoffMs * 2 ** attempt);
        attempt++;
      }
    }
  }

  private host(origin: string): HostQueue {
    let queue = this.hosts.get(origin);
    if (!queue) this.hosts.set(origin, (queue = { active: 0, waiting: [], lastStart: 0 }));
    return queue;
  }

  private async throttled<T>(origin: string, task: () => Promise<T>): Promise<T> {
    const queue = this.host(origin);
    while (queue.active >= this.o.perHostConcurrency) await new Promise<void>((r) => queue.waiting.push(r));
    queue.active++;
    const wait = queue.lastStart + this.o.delayMs - Date.now();
    queue.lastStart = Math.max(Date.now(), queue.lastStart + this.o.delayMs);
    if (wait > 0) await sleep(wait);
    try {
      return await task();
    } finally {
      queue.active--;
      queue.waiting.shift()?.();
    }
  }

  private async loadRobots(origin: string): Promise<RobotsRules> {
    try {
      const page = await this.follow(new URL(`${origin}/robots.txt`), false);
      // RFC 9309: no robots.txt (4xx) means no rules.
      return parseRobots(page.status === 200 ? page.body : '');
    } catch (error) {
      // A private address stays refused for the pages too (with the reason), not just "disallowed".
      if (error instanceof FetchError && error.message.startsWith('refused:')) throw error;
      // An unreachable robots.txt (5xx, timeouts, a redirect to another host) means "crawl nothing" for now.
      return parseRobots('User-agent: *\nDisallow: /');
    }
  }

  /** One request, no redirect followed; connects only after the address check (guardedLookup). */
  private once(url: string, mode: BodyMode = 'whole'): Promise<Answer> {
    const target = new URL(url);
    try {
      refuseLiteralPrivateHost(target.hostname, this.o.allowPrivate);
    } catch (error) {
      return Promise.reject(new FetchError((error as Error).message));
    }
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Answer>((resolve, reject) => {
      let timedOut = false;
      const req = request(target, {
        headers: {
          'user-agent': this.o.userAgent,
          accept: 'text/html,application/xml,text/xml,text/csv,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
        lookup: guardedLookup(this.o.allowPrivate),
        // No pooled sockets: each request connects, so each one passes the address check.
        agent: false,
      });
      const timer = setTimeout(() => {
        timedOut = true;
        req.destroy(new Error('timeout'));
      }, this.o.timeoutMs);
      const fail = (error: unknown) => {
        clearTimeout(timer);
        req.destroy();
        if (error instanceof FetchError) return reject(error);
        if (error instanceof PrivateAddressError) return reject(new FetchError(error.message));
        if (timedOut) return reject(new RetryableError(`timed out after ${this.o.timeoutMs} ms`));
        reject(new RetryableError(`network error: ${(error as Error).message}`));
      };
      req.on('error', fail);
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (REDIRECTS.has(status) && res.headers.location) {
          clearTimeout(timer);
          res.resume();
          return resolve({ url, status, contentType, body: '', location: res.headers.location });
        }
        if (mode === 'stream') {
          clearTimeout(timer);
          const length = res.headers['content-encoding'] ? 0 : Number(res.headers['content-length'] ?? 0);
          const stream = { body: this.streamBody(res), close: () => res.destroy(), length: length || undefined };
          return resolve({ url, status, contentType, body: '', stream });
        }
        this.readBody(res).then((body) => {
          clearTimeout(timer);
          resolve({ url, status, contentType, body });
        }, fail);
      });
      req.end();
    });
  }

  /** The body, decompressed, refused once it passes maxBytes (a small gzip can unpack to gigabytes). */
  private async readBody(res: IncomingMessage): Promise<string> {
    const tooLarge = () => new FetchError(`page larger than ${this.o.maxBytes} bytes`);
    if (Number(res.headers['content-length'] ?? 0) > this.o.maxBytes) throw tooLarge();
    const stream = decoded(res);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > this.o.maxBytes) {
        stream.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /**
   * The body as it arrives, decompressed. The reader pauses it while it writes what it read, so the timeout counts
   * only the time spent waiting for the next chunk.
   */
  private async *streamBody(res: IncomingMessage): AsyncGenerator<Buffer> {
    const stream = decoded(res);
    const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    let size = 0;
    try {
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const stalled = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new FetchError(`no data for ${this.o.timeoutMs} ms`)), this.o.timeoutMs);
        });
        const next = await Promise.race([chunks.next(), stalled]).finally(() => clearTimeout(timer));
        if (next.done) return;
        size += next.value.byteLength;
        if (size > this.o.maxFeedBytes) throw new FetchError(`feed larger than ${this.o.maxFeedBytes} bytes`);
        yield next.value;
      }
    } catch (error) {
      throw error instanceof FetchError ? error : new FetchError(`network error: ${(error as Error).message}`);
    } finally {
      stream.destroy();
      res.destroy();
    }
  }
}

/** Frees the connection of an answer whose body will not be read. */
function discard(page: Answer): void {
  page.stream?.close();
}

/** The response body, decompressed as its content-encoding says. */
function decoded(res: IncomingMessage): NodeJS.ReadableStream & { destroy(error?: Error): void } {
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (!decoder) return res;
  res.on('error', (error) => decoder.destroy(error));
  return res.pipe(decoder);
}

class RetryableError extends Error {}
