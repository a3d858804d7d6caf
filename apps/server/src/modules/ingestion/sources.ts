import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as cheerio from 'cheerio';
import { formatRs, MAX_PRICE } from '@pricehub/shared/rules/money';
import { externalFormats, type ExternalFormat } from '@pricehub/shared/schemas/operator-external-stores';
import { FetchError, type OpenedFeed, type PoliteFetcher } from './fetcher';
import { csvFeedParts } from './parsers/csv';
import { gmcFeedParts, looksLikeGmcFeed, looksLikeSitemap, parseSitemap } from './parsers/gmc';
import { gmcFeedPartsOffThread } from './parsers/gmc-off-thread';
import { parseProductPage } from './parsers/jsonld';
import type { FeedPart, ParsedItem, ParseResult } from './parsers/types';
import { decodeUtf8 } from './parsers/utf8';

/** How a source is read: the formats an operator picks from (packages/shared), `auto` guessing from the body. */
export const sourceFormats = externalFormats;
export type SourceFormat = ExternalFormat;

/** What a source turned out to be: a feed, a CSV file, a sitemap, a listing page, or a product page. */
export type SourceKind = 'gmc' | 'csv' | 'sitemap' | 'listing' | 'page';

export interface SourceRead extends ParseResult {
  /** Undefined when the source could not be read at all. */
  kind?: SourceKind;
  /** True when the source lists the whole store (a feed, a sitemap, a listing): missing items became unavailable. */
  complete: boolean;
  /** Pages that could not be fetched: their items are not marked unavailable, since we could not see them. */
  unreadPages: string[];
}

/** What reading a source found besides its items, which went to the sink as they were read. */
export type SourceSummary = Omit<SourceRead, 'items'>;

/**
 * Receives the items of a source in batches, as they are read; the next batch is read only when it has returned.
 * `expected` is how many items the whole source probably holds (from its size), for progress.
 */
export type ItemSink = (items: ParsedItem[], expected: number) => Promise<void>;

export type Progress = (event: { phase: 'fetch' | 'save'; done: number; total: number }) => void;

export interface ReadLimits {
  /** Pages of a listing or sitemap read at most (a preview reads a few). */
  maxPages?: number;
}

export interface StreamOptions extends ReadLimits {
  progress?: Progress;
  /** Items handed to the sink at once. */
  batchSize?: number;
}

const MAX_PAGES = 2_000;
/** Enough of the start of a source to tell a feed from a page (looksLikeGmcFeed reads this much). */
const SNIFF_CHARS = 2_000;
/** A Merchant feed this large (known from its file or Content-Length) is read on a worker thread: about 2,500 items. */
const OFF_THREAD_BYTES = 1_000_000;
const isUrl = (source: string) => /^https?:\/\//i.test(source);

function detect(body: string, contentType: string, name: string): Exclude<SourceFormat, 'auto'> {
  const ext = extname(name.split('?')[0] ?? '').toLowerCase();
  if (ext === '.csv' || ext === '.tsv' || /text\/(csv|tab-separated-values)/.test(contentType)) return 'csv';
  if (looksLikeGmcFeed(body)) return 'gmc';
  return 'jsonld';
}

/**
 * Reads a store source (a URL or a local file) into items, following listings and sitemaps one level, on the
 * source's own host only; items that cannot be shown safely (see refuseUnsafe) are reported, not kept. Feeds are
 * read as they arrive and handed to `sink` batch by batch, so a feed of any size is never held whole.
 */
export async function streamSource(
  source: string,
  format: SourceFormat,
  fetcher: PoliteFetcher,
  sink: ItemSink,
  options: StreamOptions = {},
): Promise<SourceSummary> {
  let opened: Opened;
  if (isUrl(source)) {
    try {
      const feed = await fetcher.openFeed(source);
      const { body, url, ...rest } = feed;
      opened = { ...rest, text: decodeUtf8(body), name: source, base: url, fromUrl: true };
    } catch (error) {
      return { failures: [{ where: source, reason: reason(error) }], complete: false, unreadPages: [source] };
    }
  } else {
    const path = resolve(source);
    const length = (await stat(path)).size;
    const body = createReadStream(path);
    const base = pathToFileURL(path).toString();
    opened = {
      text: decodeUtf8(body),
      length,
      close: () => body.destroy(),
      contentType: '',
      name: source,
      base,
      fromUrl: false,
    };
  }
  return readOpened(opened, format, fetcher, sink, options);
}

/**
 * Reads a file an operator uploaded (kept in the database, not on disk), as streamSource reads a local file: links
 * it holds resolve against a file: address, so relative ones are refused like any other non-web URL.
 */
export async function streamUploadedSource(
  fileName: string,
  body: string,
  format: SourceFormat,
  fetcher: PoliteFetcher,
  sink: ItemSink,
  options: StreamOptions = {},
): Promise<SourceSummary> {
  const base = new URL(`file:///uploads/${encodeURIComponent(fileName)}`).toString();
  const bytes = Buffer.from(body);
  const opened: Opened = {
    length: bytes.length,
    close: () => {},
    text: decodeUtf8([bytes]),
    contentType: '',
    name: fileName,
    base,
    fromUrl: false,
  };
  return readOpened(opened, format, fetcher, sink, options);
}

interface Opened extends Omit<OpenedFeed, 'url' | 'body'> {
  /** The body, decoded as it arrives. */
  text: AsyncIterable<string>;
  /** The source's URL or file name (its extension names a CSV file). */
  name: string;
  base: string;
  fromUrl: boolean;
}

async function readOpened(
  opened: Opened,
  format: SourceFormat,
  fetcher: PoliteFetcher,
  sink: ItemSink,
  { progress = () => {}, batchSize = 500, maxPages = MAX_PAGES }: StreamOptions,
): Promise<SourceSummary> {
  let bytesRead = 0;
  const counted = (async function* () {
    for await (const text of opened.text) {
      bytesRead += Buffer.byteLength(text);
      yield text;
    }
  })();
  const chunks = counted[Symbol.asyncIterator]();
  try {
    // Enough of the start to tell what the source is; it is read again from there, not fetched twice.
    let head = '';
    let ended = false;
    // A source that fails this early still gives what it sent: a feed keeps the items before the failure.
    let failure: unknown;
    while (head.length < SNIFF_CHARS && !ended) {
      try {
        const next = await chunks.next();
        if (next.done) ended = true;
        else head += next.value;
      } catch (error) {
        failure = error;
        ended = true;
      }
    }
    const rest = (async function* () {
      if (head) yield head;
      if (failure) throw failure;
      if (!ended) for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    })();
    const kind = format === 'auto' ? detect(head, opened.contentType, opened.name) : format;
    if (kind === 'gmc' || kind === 'csv') {
      const gmc = (opened.length ?? 0) >= OFF_THREAD_BYTES ? gmcFeedPartsOffThread : gmcFeedParts;
      const parts = kind === 'gmc' ? gmc(rest, opened.base) : csvFeedParts(rest, opened.base);
      const expected = (items: number) =>
        opened.length && bytesRead > 0 ? Math.max(items, Math.round((items * opened.length) / bytesRead)) : items;
      return { ...(await sinkFeed(parts, opened.name, sink, batchSize, expected)), kind };
    }
    let body = '';
    for await (const text of rest) {
      body += text;
      if (opened.fromUrl && bytesRead > fetcher.pageLimit) {
        throw new FetchError(`page larger than ${fetcher.pageLimit} bytes`);
      }
    }
    const read = await readBody({ ...opened, body }, fetcher, progress, maxPages);
    const kept = refuseUnsafe(read);
    for (let start = 0; start < kept.items.length; start += batchSize) {
      await sink(kept.items.slice(start, start + batchSize), kept.items.length);
    }
    return { kind: read.kind, failures: kept.failures, complete: read.complete, unreadPages: read.unreadPages };
  } catch (error) {
    return {
      failures: [{ where: opened.name, reason: reason(error) }],
      complete: false,
      unreadPages: opened.fromUrl ? [opened.name] : [],
    };
  } finally {
    opened.close();
  }
}

/**
 * Hands a feed's items to the sink in batches while it is read. A feed that breaks off (a dropped connection, a
 * malformed end) keeps what was read before, and is not complete: what it did not list may still be on sale.
 */
async function sinkFeed(
  parts: AsyncIterable<FeedPart>,
  name: string,
  sink: ItemSink,
  batchSize: number,
  expected: (items: number) => number,
): Promise<Omit<SourceSummary, 'kind'>> {
  const failures: SourceSummary['failures'] = [];
  let pending: ParsedItem[] = [];
  let sent = 0;
  let complete = true;
  const flush = async () => {
    sent += pending.length;
    const batch = pending;
    pending = [];
    await sink(batch, expected(sent));
  };
  try {
    for await (const part of parts) {
      for (const item of part.items) {
        const refused = refusal(item);
        if (refused) failures.push({ where: item.url.slice(0, 200) || item.storeItemId, reason: refused });
        else pending.push(safeImage(item));
      }
      failures.push(...part.failures);
      if (part.cutShort) complete = false;
      if (pending.length >= batchSize) await flush();
    }
  } catch (error) {
    failures.push({ where: name, reason: `read cut off after ${sent + pending.length} items: ${reason(error)}` });
    complete = false;
  }
  if (pending.length > 0) await flush();
  return { failures, complete, unreadPages: [] };
}

interface Document {
  body: string;
  contentType: string;
  /** The source's URL or file name. */
  name: string;
  base: string;
  fromUrl: boolean;
}

/** A source that is not a feed, read whole: a sitemap, a product page, or a listing of product pages. */
async function readBody(
  { body, name, base, fromUrl }: Document,
  fetcher: PoliteFetcher,
  progress: Progress,
  maxPages: number,
): Promise<SourceRead> {
  if (looksLikeSitemap(body)) {
    // A sitemap read from a file (the operator's own) may list any host; one from a store lists only its own.
    const host = fromUrl ? new URL(base).host : undefined;
    const { pages, skipped } = await sitemapPages(body, fetcher, host);
    const read = await readPages(pages.slice(0, maxPages), fetcher, progress);
    if (skipped > 0) read.failures.push({ where: name, reason: `${skipped} sitemap entries on other hosts skipped` });
    // A read cut short by the limit did not see the whole store.
    return { ...read, kind: 'sitemap', complete: read.complete && pages.length <= maxPages };
  }
  const page = parseProductPage(body, base);
  if (page.items.length > 0 || page.failures.length > 0 || !fromUrl) {
    return { ...page, kind: 'page', complete: false, unreadPages: [] };
  }
  const links = listingLinks(body, base);
  const read = await readPages(links.slice(0, maxPages), fetcher, progress);
  return { ...read, kind: 'listing', complete: read.complete && links.length <= maxPages };
}

/** Same-host links of a listing page, once each, without fragments. */
export function listingLinks(html: string, base: string): string[] {
  const $ = cheerio.load(html);
  const origin = new URL(base).origin;
  const links = new Set<string>();
  $('a[href]').each((_, a) => {
    try {
      const url = new URL($(a).attr('href')!, base);
      url.hash = '';
      if (url.origin === origin && url.toString() !== base) links.add(url.toString());
    } catch {
      // A malformed href is skipped like any other link that leads nowhere.
    }
  });
  return [...links].slice(0, MAX_PAGES);
}

/** The pages a sitemap (and its child sitemaps) lists on `host`, and how many entries named another host. */
async function sitemapPages(
  xml: string,
  fetcher: PoliteFetcher,
  host: string | undefined,
): Promise<{ pages: string[]; skipped: number }> {
  let skipped = 0;
  const onHost = (urls: string[]) =>
    urls.filter((url) => {
      const ok = host === undefined || hostOf(url) === host;
      if (!ok) skipped++;
      return ok;
    });
  const { pages: listed, sitemaps } = parseSitemap(xml);
  const pages = onHost(listed);
  for (const child of onHost(sitemaps)) {
    if (pages.length >= MAX_PAGES) break;
    try {
      pages.push(...onHost(parseSitemap((await fetcher.fetch(child)).body).pages));
    } catch {
      // A missing child sitemap loses only its own pages.
    }
  }
  return { pages: pages.slice(0, MAX_PAGES), skipped };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

const webUrl = (url: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/** Why an item is refused: a shopper clicks its URL (javascript:, data: and file: are not store pages). */
function refusal(item: ParsedItem): string | undefined {
  if (item.url && !webUrl(item.url)) return 'offer URL is not an http or https address';
  if (item.price > MAX_PRICE) return `price above the ${formatRs(MAX_PRICE)} cap`;
  return undefined;
}

/** An image that is not a web address is dropped from its item (the item itself is fine). */
const safeImage = (item: ParsedItem): ParsedItem => (item.image && !webUrl(item.image) ? { ...item, image: '' } : item);

/** Items with a refusal become report lines. */
function refuseUnsafe(read: SourceRead): SourceRead {
  const items: ParsedItem[] = [];
  const failures = [...read.failures];
  for (const item of read.items) {
    const reason = refusal(item);
    if (reason) failures.push({ where: item.url.slice(0, 200) || item.storeItemId, reason });
    else items.push(safeImage(item));
  }
  return { ...read, items, failures };
}

async function readPages(urls: string[], fetcher: PoliteFetcher, progress: Progress): Promise<SourceRead> {
  const result: SourceRead = { items: [], failures: [], complete: true, unreadPages: [] };
  let done = 0;
  progress({ phase: 'fetch', done, total: urls.length });
  // The fetcher throttles per host; starting every page at once only queues them.
  await Promise.all(
    urls.map(async (url) => {
      try {
        const page = await fetcher.fetch(url);
        const parsed = parseProductPage(page.body, page.url);
        result.items.push(...parsed.items);
        // A linked page with no product data (an "About" link) adds nothing; only broken product data counts.
        result.failures.push(...parsed.failures);
      } catch (error) {
        result.failures.push({ where: url, reason: reason(error) });
        result.unreadPages.push(url);
      }
      progress({ phase: 'fetch', done: ++done, total: urls.length });
    }),
  );
  return result;
}

const reason = (error: unknown) =>
  error instanceof FetchError ? error.message : String((error as Error)?.message ?? error);
