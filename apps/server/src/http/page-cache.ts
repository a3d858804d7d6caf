import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * A page as sent: its status, and either its HTML or where it moved to. The compressed forms are made on first
 * demand and kept with it, so a page served a thousand times is compressed once per encoding.
 */
export interface CachedPage {
  status: number;
  html?: string;
  location?: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** False for a page that could not be drawn properly (the renderer failed): sent, but drawn again next time. */
  keep: boolean;
  /**
   * Whole seconds the oldest answer the page was drawn from had already been kept (its Age): the page is kept that
   * much less, so what it shows is never older than the cache's time however the two caches line up.
   */
  drawnFromAge?: number;
}

export type Encoding = 'br' | 'gzip';

interface Entry {
  generation: number;
  expiresAt: number;
  bytes: number;
  page: Promise<CachedPage>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli at a middling quality costs about a millisecond for a 100 KB results page and saves nine tenths of it. */
export function encode(html: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipped(html);
}

/** The encoding to send for an Accept-Encoding header, or none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepts = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return undefined;
}

/**
 * Visitors' pages, drawn once and sent many times. A page drawn for someone without a session depends only on its
 * URL and on the catalogue, so it is kept for `ttlMs` (a change made on another server process shows within that
 * time) and dropped at once when this process changes the catalogue (`generation()` moves on). Concurrent requests
 * for a page that is not cached share one drawing. Bounded by the bytes it holds, the oldest page evicted first.
 */
export function createPageCache({
  ttlMs,
  maxBytes,
  generation,
  now = Date.now,
}: {
  ttlMs: number;
  maxBytes: number;
  generation: () => number;
  now?: () => number;
}) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string, entry: Entry) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    /** The page for `key`, drawn by `draw` when it is not cached or has gone stale. */
    get(key: string, draw: () => Promise<CachedPage>): Promise<CachedPage> {
      const hit = entries.get(key);
      const at = now();
      if (hit && hit.generation === generation() && hit.expiresAt > at) return hit.page;
      if (hit) drop(key, hit);
      const entry: Entry = { generation: generation(), expiresAt: at + ttlMs, bytes: 0, page: draw() };
      entries.set(key, entry);
      entry.page.then(
        (page) => {
          if (!page.keep) return drop(key, entry);
          if (entries.get(key) !== entry) return;
          // Age is whole seconds: the answer may be up to a second older than it says.
          if (page.drawnFromAge !== undefined) entry.expiresAt -= (page.drawnFromAge + 1) * 1000;
          // Room for the compressed forms too: about a tenth of the HTML each.
          entry.bytes = Math.ceil(((page.html?.length ?? 0) + (page.location?.length ?? 0) + key.length) * 1.3);
          bytes += entry.bytes;
          for (const [oldest, old] of entries) {
            if (bytes <= maxBytes || old === entry) break;
            drop(oldest, old);
          }
        },
        () => drop(key, entry),
      );
      return entry.page;
    },
    /** Bytes held, for tests and metrics. */
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The page's HTML in `encoding`, compressed once and kept with the page. */
export function encodedPage(page: CachedPage & { html: string }, encoding: Encoding): Promise<Buffer> {
  let body = page.encoded[encoding];
  if (!body) {
    body = encode(page.html, encoding);
    page.encoded[encoding] = body;
  }
  return body;
}
