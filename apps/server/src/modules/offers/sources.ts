import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as cheerio from 'cheerio';
import { formatRs, MAX_PRICE } from '@pricehub/shared/rules/money';
import { FetchError, type PoliteFetcher } from './fetcher';
import { parseCsvFeed } from './parsers/csv';
import { looksLikeGmcFeed, looksLikeSitemap, parseGmcFeed, parseSitemap } from './parsers/gmc';
import { parseProductPage } from './parsers/jsonld';
import type { ParsedItem, ParseResult } from './parsers/types';

export const sourceFormats = ['auto', 'jsonld', 'gmc', 'csv'] as const;
export type SourceFormat = (typeof sourceFormats)[number];

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

export type Progress = (event: { phase: 'fetch' | 'save'; done: number; total: number }) => void;

export interface ReadLimits {
  /** Pages of a listing or sitemap read at most (a preview reads a few). */
  maxPages?: number;
}

const MAX_PAGES = 2_000;
const isUrl = (source: string) => /^https?:\/\//i.test(source);

function detect(body: string, contentType: string, name: string): Exclude<SourceFormat, 'auto'> {
  const ext = extname(name.split('?')[0] ?? '').toLowerCase();
  if (ext === '.csv' || contentType.includes('text/csv')) return 'csv';
  if (looksLikeGmcFeed(body)) return 'gmc';
  return 'jsonld';
}

/**
 * Reads a store source (a URL or a local file) into items, following listings and sitemaps one level, on the
 * source's own host only; items that cannot be shown safely (see refuseUnsafe) are reported, not kept.
 */
export async function readSource(
  source: string,
  format: SourceFormat,
  fetcher: PoliteFetcher,
  progress: Progress = () => {},
  limits: ReadLimits = {},
): Promise<SourceRead> {
  return refuseUnsafe(await readItems(source, format, fetcher, progress, limits.maxPages ?? MAX_PAGES));
}

/**
 * Reads a file an operator uploaded (kept in the database, not on disk), as readSource reads a local file: links
 * it holds resolve against a file: address, so relative ones are refused like any other non-web URL.
 */
export async function readUploadedSource(
  fileName: string,
  body: string,
  format: SourceFormat,
  fetcher: PoliteFetcher,
  progress: Progress = () => {},
  limits: ReadLimits = {},
): Promise<SourceRead> {
  const base = new URL(`file:///uploads/${encodeURIComponent(fileName)}`).toString();
  return refuseUnsafe(
    await readBody({ body, contentType: '', name: fileName, base, fromUrl: false }, format, fetcher, progress, {
      maxPages: limits.maxPages ?? MAX_PAGES,
    }),
  );
}

async function readItems(
  source: string,
  format: SourceFormat,
  fetcher: PoliteFetcher,
  progress: Progress,
  maxPages: number,
): Promise<SourceRead> {
  let body: string;
  let contentType = '';
  let base: string;
  if (isUrl(source)) {
    try {
      const page = await fetcher.fetch(source);
      ({ body, contentType } = page);
      base = page.url;
    } catch (error) {
      return {
        items: [],
        failures: [{ where: source, reason: reason(error) }],
        complete: false,
        unreadPages: [source],
      };
    }
  } else {
    const path = resolve(source);
    body = await readFile(path, 'utf8');
    base = pathToFileURL(path).toString();
  }
  return readBody({ body, contentType, name: source, base, fromUrl: isUrl(source) }, format, fetcher, progress, {
    maxPages,
  });
}

interface Document {
  body: string;
  contentType: string;
  /** The source's URL or file name (its extension names a CSV file). */
  name: string;
  base: string;
  fromUrl: boolean;
}

async function readBody(
  { body, contentType, name, base, fromUrl }: Document,
  format: SourceFormat,
  fetcher: PoliteFetcher,
  progress: Progress,
  { maxPages }: Required<ReadLimits>,
): Promise<SourceRead> {
  const kind = format === 'auto' ? detect(body, contentType, name) : format;
  if (kind === 'gmc') return { ...parseGmcFeed(body, base), kind, complete: true, unreadPages: [] };
  if (kind === 'csv') return { ...parseCsvFeed(body, base), kind, complete: true, unreadPages: [] };
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

/** Items with a refusal become report lines; an image that is not a web address is dropped from its item. */
function refuseUnsafe(read: SourceRead): SourceRead {
  const items: ParsedItem[] = [];
  const failures = [...read.failures];
  for (const item of read.items) {
    const reason = refusal(item);
    if (reason) failures.push({ where: item.url.slice(0, 200) || item.storeItemId, reason });
    else items.push(item.image && !webUrl(item.image) ? { ...item, image: '' } : item);
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
