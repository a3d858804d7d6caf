import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as cheerio from 'cheerio';
import { FetchError, type PoliteFetcher } from './fetcher';
import { parseCsvFeed } from './parsers/csv';
import { looksLikeGmcFeed, looksLikeSitemap, parseGmcFeed, parseSitemap } from './parsers/gmc';
import { parseProductPage } from './parsers/jsonld';
import type { ParseResult } from './parsers/types';

export const sourceFormats = ['auto', 'jsonld', 'gmc', 'csv'] as const;
export type SourceFormat = (typeof sourceFormats)[number];

export interface SourceRead extends ParseResult {
  /** True when the source lists the whole store (a feed, a sitemap, a listing): missing items became unavailable. */
  complete: boolean;
  /** Pages that could not be fetched: their items are not marked unavailable, since we could not see them. */
  unreadPages: string[];
}

export type Progress = (event: { phase: 'fetch' | 'save'; done: number; total: number }) => void;

const MAX_PAGES = 2_000;
const isUrl = (source: string) => /^https?:\/\//i.test(source);

function detect(body: string, contentType: string, name: string): Exclude<SourceFormat, 'auto'> {
  const ext = extname(name.split('?')[0] ?? '').toLowerCase();
  if (ext === '.csv' || contentType.includes('text/csv')) return 'csv';
  if (looksLikeGmcFeed(body)) return 'gmc';
  return 'jsonld';
}

/** Reads a store source (a URL or a local file) into items, following listings and sitemaps one level. */
export async function readSource(
  source: string,
  format: SourceFormat,
  fetcher: PoliteFetcher,
  progress: Progress = () => {},
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
  const kind = format === 'auto' ? detect(body, contentType, source) : format;
  if (kind === 'gmc') return { ...parseGmcFeed(body, base), complete: true, unreadPages: [] };
  if (kind === 'csv') return { ...parseCsvFeed(body, base), complete: true, unreadPages: [] };
  if (looksLikeSitemap(body)) return readPages(await sitemapPages(body, fetcher), fetcher, progress);
  const page = parseProductPage(body, base);
  if (page.items.length > 0 || page.failures.length > 0 || !isUrl(source)) {
    return { ...page, complete: false, unreadPages: [] };
  }
  return readPages(listingLinks(body, base), fetcher, progress);
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

async function sitemapPages(xml: string, fetcher: PoliteFetcher): Promise<string[]> {
  const { pages, sitemaps } = parseSitemap(xml);
  for (const child of sitemaps) {
    if (pages.length >= MAX_PAGES) break;
    try {
      pages.push(...parseSitemap((await fetcher.fetch(child)).body).pages);
    } catch {
      // A missing child sitemap loses only its own pages.
    }
  }
  return pages.slice(0, MAX_PAGES);
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
