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
}

export class FetchError extends Error {}

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  body: string;
}

interface HostQueue {
  active: number;
  waiting: (() => void)[];
  lastStart: number;
  robots?: Promise<RobotsRules>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A polite HTTP client for store pages: obeys robots.txt, runs at most N requests at once per host with a pause
 * between them, gives up on slow or huge pages, and retries 5xx and timeouts with backoff.
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
      ...options,
    };
  }

  async fetch(url: string): Promise<FetchedPage> {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new FetchError(`unsupported URL ${url}`);
    const host = this.host(target.origin);
    host.robots ??= this.loadRobots(target.origin);
    const robots = await host.robots;
    if (!robots.allows(target.pathname + target.search)) throw new FetchError('disallowed by robots.txt');
    const page = await this.withRetries(target.origin, url);
    if (page.status >= 400) throw new FetchError(`HTTP ${page.status}`);
    return page;
  }

  /** A 5xx answer or a timeout is tried again after a growing pause; the last failure is thrown. */
  private async withRetries(origin: string, url: string): Promise<FetchedPage> {
    let attempt = 0;
    for (;;) {
      try {
        const page = await this.throttled(origin, () => this.once(url));
        if (page.status >= 500) throw new RetryableError(`HTTP ${page.status}`);
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
      const page = await this.withRetries(origin, `${origin}/robots.txt`);
      // RFC 9309: no robots.txt (4xx) means no rules.
      return parseRobots(page.status === 200 ? page.body : '');
    } catch {
      // An unreachable robots.txt (5xx, timeouts) means "crawl nothing" until it answers again.
      return parseRobots('User-agent: *\nDisallow: /');
    }
  }

  private async once(url: string): Promise<FetchedPage> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.o.timeoutMs);
    try {
      const res = await fetch(url, {
        headers: { 'user-agent': this.o.userAgent, accept: 'text/html,application/xml,text/xml,text/csv,*/*;q=0.5' },
        redirect: 'follow',
        signal: controller.signal,
      });
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > this.o.maxBytes) {
        await res.body?.cancel();
        throw new FetchError(`page larger than ${this.o.maxBytes} bytes`);
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      if (res.body) {
        for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
          size += chunk.byteLength;
          if (size > this.o.maxBytes) {
            controller.abort();
            throw new FetchError(`page larger than ${this.o.maxBytes} bytes`);
          }
          chunks.push(chunk);
        }
      }
      return {
        url: res.url || url,
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      };
    } catch (error) {
      if (error instanceof FetchError) throw error;
      if (controller.signal.aborted) throw new RetryableError(`timed out after ${this.o.timeoutMs} ms`);
      throw new RetryableError(`network error: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }
}

class RetryableError extends Error {}
