import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gzip, gzipSync } from 'node:zlib';
import type { CatalogueChanges } from '../modules/catalog/change-feed';
import { personalGzip, sharedBytes, type SharedPieces } from './personal-page';

/**
 * A page as sent: its status, and either its HTML or where it moved to. The compressed forms are made on first
 * demand and kept with it, so a page served a thousand times is compressed once per encoding. A kept page of some
 * size holds only its compressed forms (`html` is let go; `htmlOf` brings it back for the rare client that takes
 * neither): a product page is 56 KB of HTML and 6-9 KB in each form.
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
  /** The catalogue products a page about one product shows: it is kept until one of them changes. */
  products?: readonly number[];
  /** Sent once (one shopper's page): compressed fast rather than small. */
  once?: boolean;
  /**
   * A page drawn for everyone that has places for a signed-in customer's own parts: the text around them, compressed
   * once when it is drawn (personal-page.ts; decisions 030 and 035). Each customer's page is made from it, and so is
   * the page's gzip form (the places as everyone sees them), which is then not kept beside it. Null: the page has no
   * places.
   */
  shared?: SharedPieces | null;
}

export type Encoding = 'br' | 'gzip';

/** How long past its time a list page may still be sent while it is drawn again (see `createPageCache`). */
export const REDRAW_GRACE_MS = 2_000;

/** Below this many characters a page is sent as it is: compressing it would save too little. */
export const COMPRESS_FROM = 1024;

interface Entry {
  stamp: number;
  generation: number;
  products?: readonly number[];
  expiresAt: number;
  /** A list page drawn from fresh answers while changes are heard: also stale `listTtlMs` after the next change. */
  untilChanged?: boolean;
  /**
   * Where the feed stood `listTtlMs` before the drawing began. The search and home answers a list page is drawn from
   * may come from the results cache (cache/catalogue-cache.ts), up to that old: a change heard since then counts.
   */
  listStamp: number;
  bytes: number;
  page: Promise<CachedPage>;
  /** A list page past its time being drawn again while this one is still sent. */
  redrawing?: boolean;
}

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipped = promisify(gzip);

/**
 * Brotli at a middling quality costs about a millisecond for a 100 KB results page and saves nine tenths of it: right
 * for a page kept and sent many times. A page sent once (`fast`) takes gzip's fastest level, made at once in this
 * thread: 0.4 ms for a 70 KB page where Brotli took 2-3 ms through the thread pool, for about a third more bytes.
 */
export function encode(html: string, encoding: Encoding, fast = false): Promise<Buffer> {
  if (fast && encoding === 'gzip') return Promise.resolve(gzipSync(html, { level: 1 }));
  return encoding === 'br' ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipped(html);
}

/** The encoding to send for an Accept-Encoding header, or none; gzip first for a page sent once (see `encode`). */
export function preferredEncoding(acceptEncoding: string | undefined, once = false): Encoding | undefined {
  const accepts = acceptEncoding ?? '';
  const br = /\bbr\b/.test(accepts);
  const gzip = /\bgzip\b/.test(accepts);
  if (once && gzip) return 'gzip';
  return br ? 'br' : gzip ? 'gzip' : undefined;
}

/**
 * Visitors' pages, drawn once and sent many times. A page drawn for someone without a session depends only on its
 * URL and on the catalogue. A page about one product is kept until the change feed says one of the products it
 * shows changed (`productTtlMs` at most, and `listTtlMs` while the feed is not heard). A page that lists many is kept
 * until `listTtlMs` after the feed next hears of any product's change, `listKeepMs` at most: the products it lists
 * depend on every product, and a busy catalogue changes one every few milliseconds, so it is not dropped at each
 * change, but in a quiet one it is not drawn again every few seconds for nothing. It is kept only `listTtlMs` when it
 * was drawn from kept answers (they may be older than the change) or while the feed is not heard, and dropped at
 * once when this process changes the catalogue (`generation()` moves on). Once a list page's time is up it is sent
 * for up to REDRAW_GRACE_MS more while the next visitor's request draws it again. Concurrent requests for a page that
 * is not cached share one drawing. Bounded by the bytes it holds (the compressed forms), the least recently sent
 * page evicted first.
 */
export function createPageCache({
  listTtlMs,
  listKeepMs = listTtlMs,
  productTtlMs,
  maxBytes,
  generation,
  changes,
  now = Date.now,
}: {
  listTtlMs: number;
  listKeepMs?: number;
  productTtlMs: number;
  maxBytes: number;
  generation: () => number;
  changes: CatalogueChanges;
  now?: () => number;
}) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string, entry: Entry) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const unchanged = (entry: Entry) =>
    entry.products
      ? changes.unchangedSince(entry.stamp, entry.products)
      : entry.generation === generation() && changes.unchangedSince(entry.stamp, []);
  const expiry = (entry: Entry) => {
    const changed = entry.untilChanged ? changes.firstChangeAfter(entry.listStamp) : undefined;
    return changed === undefined ? entry.expiresAt : Math.min(entry.expiresAt, changed + listTtlMs);
  };
  const fresh = (entry: Entry, at: number) => expiry(entry) > at && unchanged(entry);
  // A list page only out of time (this process changed nothing it shows) is sent again while it is drawn anew, for at
  // most REDRAW_GRACE_MS more: nobody waits for the drawing (30-100 ms), and a change still shows within 7 s of being
  // heard.
  const servableWhileRedrawn = (entry: Entry, at: number) =>
    !entry.products && at < expiry(entry) + REDRAW_GRACE_MS && unchanged(entry);
  const newEntry = (at: number, draw: () => Promise<CachedPage>): Entry => ({
    stamp: changes.stamp(),
    listStamp: changes.stampAt(at - listTtlMs),
    generation: generation(),
    expiresAt: at + listTtlMs,
    bytes: 0,
    page: draw(),
  });
  const keep = async (key: string, entry: Entry, page: CachedPage, drawnAt: number) => {
    if (!page.keep) return drop(key, entry);
    if (entries.get(key) !== entry) return;
    entry.products = page.products;
    entry.untilChanged = !page.products && changes.hearing && page.drawnFromAge === undefined;
    const ttl = page.products && changes.hearing ? productTtlMs : entry.untilChanged ? listKeepMs : listTtlMs;
    // Age is whole seconds: the answer may be up to a second older than it says.
    entry.expiresAt = drawnAt + ttl - (page.drawnFromAge === undefined ? 0 : (page.drawnFromAge + 1) * 1000);
    const size = await compact(page);
    if (entries.get(key) !== entry) return;
    entry.bytes = size + key.length;
    bytes += entry.bytes;
    for (const [oldest, old] of entries) {
      if (bytes <= maxBytes || old === entry) break;
      drop(oldest, old);
    }
  };

  return {
    /** The page for `key`, drawn by `draw` when it is not cached or has gone stale. */
    get(key: string, draw: () => Promise<CachedPage>): Promise<CachedPage> {
      const hit = entries.get(key);
      const at = now();
      if (hit && fresh(hit, at)) {
        // The most recently sent last: the least recently sent goes first when room is needed.
        entries.delete(key);
        entries.set(key, hit);
        return hit.page;
      }
      if (hit && servableWhileRedrawn(hit, at)) {
        if (!hit.redrawing) {
          hit.redrawing = true;
          const next = newEntry(at, draw);
          next.page.then(
            (page) => {
              hit.redrawing = false;
              if (!page.keep || entries.get(key) !== hit) return;
              drop(key, hit);
              entries.set(key, next);
              return keep(key, next, page, at).catch(() => drop(key, next));
            },
            () => (hit.redrawing = false),
          );
        }
        return hit.page;
      }
      if (hit) drop(key, hit);
      const entry = newEntry(at, draw);
      entries.set(key, entry);
      entry.page.then(
        (page) => keep(key, entry, page, at).catch(() => drop(key, entry)),
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

/**
 * Makes both compressed forms of a page to be kept (the gzip form from its shared pieces when it has them) and lets its
 * HTML go (a small page keeps its HTML only); the bytes it then holds.
 */
async function compact(page: CachedPage): Promise<number> {
  const html = page.html;
  const shared = page.shared ? sharedBytes(page.shared) : 0;
  if (html === undefined || html.length < COMPRESS_FROM) {
    return (html?.length ?? 0) + (page.location?.length ?? 0) + shared;
  }
  const forms = await Promise.all([encodedPage(page, 'br'), page.shared ? undefined : encodedPage(page, 'gzip')]);
  page.html = undefined;
  return forms[0].length + (forms[1]?.length ?? 0) + shared;
}

/** The page's HTML in `encoding`, compressed once and kept with the page (gzip: joined from its shared pieces). */
export function encodedPage(page: CachedPage, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip' && page.shared) return Promise.resolve(personalGzip(page.shared, page.shared.everyone));
  let body = page.encoded[encoding];
  if (!body) {
    // A kept page always has both forms; only a page being drawn still has its HTML.
    body = encode(page.html!, encoding, page.once);
    page.encoded[encoding] = body;
  }
  return body;
}

/** The page's HTML, from its Brotli form when only that is kept (a client that accepts no compression). */
export async function htmlOf(page: CachedPage): Promise<string> {
  if (page.html !== undefined) return page.html;
  return (await unbrotli(await page.encoded.br!)).toString();
}
